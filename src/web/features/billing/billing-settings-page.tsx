import { useState } from 'react'
import { ArrowLeft, Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useForm, type Path } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { formatScaledInteger, isCurrencyCode } from '@shared/billing/money'
import { BILLING_LIMITS, BILLING_MESSAGES } from '@shared/billing/schema'
import { parseTaxRate } from '@shared/billing/totals'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { usePermission } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useBillingSettings, useSaveBillingSettings, type BillingSettings } from './api'
import { NotAllowed } from './components/not-allowed'

const MAX_TAXES = BILLING_LIMITS.taxes
const MAX_PAYMENT_TERMS_DAYS = BILLING_LIMITS.maxPaymentTermsDays

export function BillingSettingsPage() {
  const canReadPrices = usePermission('readPrices')
  if (!canReadPrices) return <NotAllowed title="Billing Settings" who="An owner, a manager or a scheduler reads the billing settings." />
  return <Settings />
}

function Settings() {
  const settings = useBillingSettings()
  useQueryErrorToast(settings, 'Failed to load billing settings')
  return (
    <div className="grid gap-4">
      <Link
        to="/invoices"
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Invoices
      </Link>
      <PageHeader title="Billing Settings" description="The currency, payment terms and taxes of every new invoice" />
      {settings.isPending ? (
        <LoadingScreen isHeading={false} shape="card" />
      ) : settings.data ? (
        <SettingsForm saved={settings.data} />
      ) : null}
    </div>
  )
}

type Values = { currency: string; paymentTermsDays: string; taxes: Array<{ name: string; rate: string }> }

const toValues = (settings: BillingSettings): Values => ({
  currency: settings.currency,
  paymentTermsDays: String(settings.paymentTermsDays),
  taxes: settings.taxes.map((tax) => ({ name: tax.name, rate: formatScaledInteger(tax.rateThousandths, 3, { trimZeros: true }) })),
})

// A draft takes the taxes in force each time it changes, and an invoice keeps those it was issued
// with (ADR 0061): saving here changes drafts and new invoices, never issued ones.
function SettingsForm({ saved }: { saved: BillingSettings }) {
  const canBill = usePermission('bill')
  const save = useSaveBillingSettings()
  const [defaultValues] = useState(() => toValues(saved))
  const form = useForm<Values>({ defaultValues })
  const taxes = useFieldArray({ control: form.control, name: 'taxes' })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    save
      .mutateAsync({
        currency: values.currency.trim().toUpperCase(),
        paymentTermsDays: Number(values.paymentTermsDays),
        taxes: values.taxes.map((tax) => ({ name: tax.name.trim(), rateThousandths: parseTaxRate(tax.rate)! })),
      })
      .then(
        (result) => {
          toast.success('Billing settings saved')
          form.reset(toValues(result))
        },
        (error: unknown) => {
          toast.error('Failed to save billing settings', { description: errorDescription(error) })
          showServerFieldErrors(error, (field, message, options) =>
            form.setError(field.replace(/\.rateThousandths$/, '.rate') as Path<Values>, message, options),
          )
        },
      ),
  )

  return (
    <Card className="max-w-2xl gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>Invoices</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <fieldset disabled={!canBill} className="grid gap-5">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label="Currency" description="Its ISO code, such as CAD or USD." error={errors.currency?.message}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    autoCapitalize="characters"
                    maxLength={3}
                    className="w-28 uppercase"
                    {...form.register('currency', {
                      validate: (text) =>
                        isCurrencyCode(text.trim().toUpperCase()) || 'Enter a three-letter ISO currency code, such as CAD',
                    })}
                  />
                )}
              </FormField>
              <FormField
                label="Payment terms"
                description="Days from an invoice's issue to its due date."
                error={errors.paymentTermsDays?.message}
              >
                {(control) => (
                  <div className="flex items-center gap-2">
                    <Input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={MAX_PAYMENT_TERMS_DAYS}
                      step={1}
                      className="w-24"
                      {...form.register('paymentTermsDays', {
                        validate: (text) =>
                          (/^\d+$/.test(text.trim()) && Number(text) <= MAX_PAYMENT_TERMS_DAYS) || BILLING_MESSAGES.paymentTerms,
                      })}
                    />
                    <span className="text-sm text-muted-foreground" aria-hidden="true">
                      days
                    </span>
                  </div>
                )}
              </FormField>
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">Taxes</legend>
              <p className="text-sm text-muted-foreground">
                Up to {MAX_TAXES}, each taken on the subtotal, such as HST at 13 % or GST at 5 % and QST at 9.975 %.
              </p>
              {taxes.fields.length === 0 ? <p className="text-sm">No taxes: invoices are not taxed.</p> : null}
              <ul className="grid gap-3">
                {taxes.fields.map((field, index) => (
                  <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_7rem_auto] items-start gap-2">
                    <FormField label={`Tax ${index + 1} name`} error={errors.taxes?.[index]?.name?.message}>
                      {(control) => (
                        <Input
                          {...control}
                          autoComplete="off"
                          maxLength={BILLING_LIMITS.taxName}
                          {...form.register(`taxes.${index}.name`, {
                            validate: (text, values) => {
                              const name = text.trim().toLowerCase()
                              if (name === '') return BILLING_MESSAGES.taxName
                              const sameName = values.taxes.filter((tax) => tax.name.trim().toLowerCase() === name)
                              return sameName.length === 1 || BILLING_MESSAGES.taxNamesUnique
                            },
                          })}
                        />
                      )}
                    </FormField>
                    <FormField label={`Tax ${index + 1} rate (%)`} error={errors.taxes?.[index]?.rate?.message}>
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="decimal"
                          autoComplete="off"
                          {...form.register(`taxes.${index}.rate`, {
                            validate: (text) => parseTaxRate(text) !== null || BILLING_MESSAGES.taxRate,
                          })}
                        />
                      )}
                    </FormField>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="mt-[1.375rem]"
                      aria-label={`Remove tax ${index + 1}`}
                      onClick={() => taxes.remove(index)}
                    >
                      <Trash2 className="text-destructive" aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
              {taxes.fields.length < MAX_TAXES ? (
                <Button type="button" variant="outline" className="w-fit" onClick={() => taxes.append({ name: '', rate: '' })}>
                  <Plus aria-hidden="true" />
                  Add Tax
                </Button>
              ) : null}
            </fieldset>
          </fieldset>
          {canBill ? (
            <div>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save'}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">An owner or a manager changes the billing settings.</p>
          )}
        </form>
      </CardContent>
    </Card>
  )
}
