import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { BILLING_LIMITS, BILLING_MESSAGES } from '@shared/billing/schema'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { todayInZone } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { useClients } from '@web/features/clients'
import { errorDescription } from '@web/lib/api-client'
import { browserTimeZone } from '@web/lib/datetime'
import { useGenerateInvoices } from '../api'
import { generatedText } from '../amounts'
import { lastMonthPeriod } from '../period'

type CreateInvoicesDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

type Values = { periodStart: string; periodEnd: string; clientId: string }

// The form mounts with each opening, so every opening starts from last month and all clients.
export function CreateInvoicesDialog({ open, onOpenChange }: CreateInvoicesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Invoices</DialogTitle>
          <DialogDescription>
            Bills each client's bookings in the period that are not on an invoice yet, with any changes since their last invoice. Each
            client gets one draft to check before it is issued.
          </DialogDescription>
        </DialogHeader>
        <CreateInvoicesForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function CreateInvoicesForm({ onDone }: { onDone: () => void }) {
  const clients = useClients()
  const generate = useGenerateInvoices()
  const navigate = useNavigate()
  const [defaults] = useState(() => ({ ...lastMonthPeriod(todayInZone(browserTimeZone(), new Date())), clientId: '' }))
  const form = useForm<Values>({ defaultValues: defaults })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(({ periodStart, periodEnd, clientId }) =>
    generate.mutateAsync({ periodStart, periodEnd, ...(clientId ? { clientId } : {}) }).then(
      (result) => {
        const text = generatedText(result.created, result.updated)
        if (result.created + result.updated === 0) toast.info(text)
        else toast.success(text)
        onDone()
        // One client's draft opens at once, to be checked and issued.
        if (clientId && result.invoices.length === 1) navigate(`/invoices/${result.invoices[0]!.id}`)
      },
      (error: unknown) => toast.error('Failed to create invoices', { description: errorDescription(error) }),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="From" error={errors.periodStart?.message}>
          {(control) => <Input {...control} type="date" {...form.register('periodStart', { required: BILLING_MESSAGES.periodStart })} />}
        </FormField>
        <FormField label="To" error={errors.periodEnd?.message}>
          {(control) => (
            <Input
              {...control}
              type="date"
              {...form.register('periodEnd', {
                required: BILLING_MESSAGES.periodEnd,
                validate: (end, { periodStart }) => {
                  if (!periodStart) return true
                  if (end < periodStart) return BILLING_MESSAGES.periodOrder
                  return end < addCalendarDays(periodStart, BILLING_LIMITS.maxPeriodDays) || BILLING_MESSAGES.periodLength
                },
              })}
            />
          )}
        </FormField>
      </div>
      <FormField label="Client">
        {(control) => (
          <NativeSelect {...control} {...form.register('clientId')}>
            <NativeSelectOption value="">All clients</NativeSelectOption>
            {(clients.data ?? []).map((client) => (
              <NativeSelectOption key={client.id} value={client.id}>
                {client.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create Invoices'}
        </Button>
      </DialogFooter>
    </form>
  )
}
