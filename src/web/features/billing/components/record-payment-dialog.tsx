import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { parseMoney } from '@shared/billing/money'
import {
  MAX_PAYMENT_MINOR,
  MAX_REFERENCE_LENGTH,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@shared/billing/payments'
import { todayInZone } from '@shared/scheduling/local-day'
import { OptionalLabel } from '@web/components/form/optional-label'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { errorDescription } from '@web/lib/api-client'
import { browserTimeZone } from '@web/lib/datetime'
import { useRecordPayment } from '../api'
import { moneyInputValue } from '../amounts'

export type RecordPaymentDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  clientId: string
  currency: string
  /** The invoices the payment settles, in order, each up to its balance; the rest is the client's credit. */
  invoiceIds: string[]
  /** The amount the form starts with: the invoice's balance, or the client's. */
  suggestedAmountMinor: number
  description: string
}

export function RecordPaymentDialog({ open, onOpenChange, ...form }: RecordPaymentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record Payment</DialogTitle>
          <DialogDescription>{form.description}</DialogDescription>
        </DialogHeader>
        <RecordPaymentForm {...form} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

type Values = { amount: string; receivedOn: string; method: PaymentMethod; reference: string }

function RecordPaymentForm({
  clientId,
  currency,
  invoiceIds,
  suggestedAmountMinor,
  onDone,
}: Omit<RecordPaymentDialogProps, 'open' | 'onOpenChange' | 'description'> & { onDone: () => void }) {
  const recordPayment = useRecordPayment()
  const [defaultValues] = useState<Values>(() => ({
    amount: suggestedAmountMinor > 0 ? moneyInputValue(suggestedAmountMinor, currency) : '',
    receivedOn: todayInZone(browserTimeZone(), new Date()),
    method: 'e_transfer',
    reference: '',
  }))
  const form = useForm<Values>({ defaultValues })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(({ amount, receivedOn, method, reference }) =>
    recordPayment
      .mutateAsync({
        clientId,
        amountMinor: parseMoney(amount, currency)!,
        receivedOn,
        method,
        reference: reference.trim() || null,
        invoiceIds,
      })
      .then(
        () => {
          toast.success('Payment recorded')
          onDone()
        },
        (error: unknown) => toast.error('Failed to record the payment', { description: errorDescription(error) }),
      ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Amount" description={`In ${currency}.`} error={errors.amount?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              {...form.register('amount', {
                validate: (text) => {
                  const minor = parseMoney(text, currency)
                  if (minor === null || minor <= 0) return PAYMENT_MESSAGES.amount
                  return minor <= MAX_PAYMENT_MINOR || PAYMENT_MESSAGES.amountTooLarge
                },
              })}
            />
          )}
        </FormField>
        <FormField label="Received on" error={errors.receivedOn?.message}>
          {(control) => <Input {...control} type="date" {...form.register('receivedOn', { required: PAYMENT_MESSAGES.receivedOn })} />}
        </FormField>
      </div>
      <FormField label="Method">
        {(control) => (
          <NativeSelect {...control} {...form.register('method')}>
            {PAYMENT_METHODS.map((method) => (
              <NativeSelectOption key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label={<OptionalLabel>Reference</OptionalLabel>}
        description="A cheque number or a transfer's confirmation."
        error={errors.reference?.message}
      >
        {(control) => <Input {...control} autoComplete="off" maxLength={MAX_REFERENCE_LENGTH} {...form.register('reference')} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Recording...' : 'Record Payment'}
        </Button>
      </DialogFooter>
    </form>
  )
}
