import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { formatMoney, parseMoney } from '@shared/billing/money'
import { BILLING_LIMITS, BILLING_MESSAGES } from '@shared/billing/schema'
import { parseTaxRate } from '@shared/billing/totals'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog'
import { OptionalLabel } from '@web/components/form/optional-label'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { Textarea } from '@web/components/ui/textarea'
import { errorDescription } from '@web/lib/api-client'
import {
  useAddDiscount,
  useAddInvoiceLine,
  useDeleteDraft,
  useDeleteInvoiceLine,
  useIssueInvoice,
  useRemoveInvoiceLine,
  useVoidInvoice,
  type InvoiceDetail,
  type InvoiceLine,
} from '../api'
import { RecordPaymentDialog } from './record-payment-dialog'

/** What the invoice page asks of a dialog. */
export type InvoiceAction =
  | { kind: 'addLine' }
  | { kind: 'addDiscount' }
  | { kind: 'removeLine'; line: InvoiceLine }
  | { kind: 'deleteLine'; line: InvoiceLine }
  | { kind: 'deleteDraft' }
  | { kind: 'issue' }
  | { kind: 'recordPayment' }
  | { kind: 'void' }

type InvoiceActionDialogProps = { invoice: InvoiceDetail; action: InvoiceAction | null; onClose: () => void }

// Each dialog mounts its form when it opens, so every opening starts blank.
export function InvoiceActionDialog({ invoice, action, onClose }: InvoiceActionDialogProps) {
  const onOpenChange = (open: boolean) => (open ? undefined : onClose())
  switch (action?.kind) {
    case 'addLine':
      return (
        <FormDialog
          title="Add Line"
          description="A charge of your own on this draft, such as equipment or a late fee."
          onOpenChange={onOpenChange}
        >
          <AddLineForm invoice={invoice} onDone={onClose} />
        </FormDialog>
      )
    case 'addDiscount':
      return (
        <FormDialog
          title="Add Discount"
          description="A percentage of the lines above it, or an amount, taken off before taxes."
          onOpenChange={onOpenChange}
        >
          <AddDiscountForm invoice={invoice} onDone={onClose} />
        </FormDialog>
      )
    case 'removeLine':
      return (
        <FormDialog
          title="Remove Line"
          description={`${action.line.description}. The line stays on the invoice, struck through with your reason, and bills nothing; the booking is not billed again.`}
          onOpenChange={onOpenChange}
        >
          <RemoveLineForm invoice={invoice} line={action.line} onDone={onClose} />
        </FormDialog>
      )
    case 'void':
      return (
        <FormDialog
          title={`Void ${invoice.number ?? 'invoice'}?`}
          description="A credit note for the whole invoice is issued and emailed to the client; the invoice itself stays as it was. Its bookings can then be billed again."
          onOpenChange={onOpenChange}
        >
          <VoidForm invoice={invoice} onDone={onClose} />
        </FormDialog>
      )
    case 'deleteLine':
      return <DeleteLineDialog invoice={invoice} line={action.line} onClose={onClose} />
    case 'deleteDraft':
      return <DeleteDraftDialog invoice={invoice} onClose={onClose} />
    case 'issue':
      return <IssueDialog invoice={invoice} onClose={onClose} />
    case 'recordPayment':
      return (
        <RecordPaymentDialog
          open
          onOpenChange={onOpenChange}
          clientId={invoice.clientId}
          currency={invoice.currency}
          invoiceIds={[invoice.id]}
          suggestedAmountMinor={invoice.balanceMinor}
          description={`For invoice ${invoice.number ?? ''} of ${invoice.clientName}, balance ${formatMoney(invoice.balanceMinor, invoice.currency)}. Anything above the balance stays as the client's credit.`}
        />
      )
    default:
      return null
  }
}

function FormDialog({
  title,
  description,
  onOpenChange,
  children,
}: {
  title: string
  description: string
  onOpenChange: (open: boolean) => void
  children: React.ReactNode
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  )
}

function Footer({
  onCancel,
  isSubmitting,
  label,
  pendingLabel,
}: {
  onCancel: () => void
  isSubmitting: boolean
  label: string
  pendingLabel: string
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? pendingLabel : label}
      </Button>
    </DialogFooter>
  )
}

const failed = (message: string) => (error: unknown) => toast.error(message, { description: errorDescription(error) })

function AddLineForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const addLine = useAddInvoiceLine(invoice.id)
  const form = useForm({ defaultValues: { description: '', amount: '' } })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(({ description, amount }) =>
    addLine.mutateAsync({ description: description.trim(), amountMinor: parseMoney(amount, invoice.currency)! }).then(() => {
      toast.success('Line added')
      onDone()
    }, failed('Failed to add the line')),
  )
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Description" error={errors.description?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={BILLING_LIMITS.lineDescription}
            {...form.register('description', { validate: (text) => text.trim() !== '' || BILLING_MESSAGES.lineDescription })}
          />
        )}
      </FormField>
      <FormField label="Amount" description={`In ${invoice.currency}, before taxes.`} error={errors.amount?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('amount', {
              validate: (text) => {
                const minor = parseMoney(text, invoice.currency)
                if (minor === null || minor <= 0) return BILLING_MESSAGES.lineAmount
                return minor <= BILLING_LIMITS.maxLineAmountMinor || BILLING_MESSAGES.lineAmountTooHigh
              },
            })}
          />
        )}
      </FormField>
      <Footer onCancel={onDone} isSubmitting={isSubmitting} label="Add Line" pendingLabel="Adding..." />
    </form>
  )
}

type DiscountValues = { description: string; by: 'percent' | 'amount'; percent: string; amount: string }

function AddDiscountForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const addDiscount = useAddDiscount(invoice.id)
  const form = useForm<DiscountValues>({ defaultValues: { description: '', by: 'percent', percent: '', amount: '' } })
  const by = useWatch({ control: form.control, name: 'by' })
  const { errors, isSubmitting } = form.formState
  const legendId = useId()
  const percentId = useId()
  const amountId = useId()

  const onSubmit = form.handleSubmit(({ description, by, percent, amount }) =>
    addDiscount
      .mutateAsync({
        description: description.trim() || null,
        ...(by === 'percent' ? { percentThousandths: parseTaxRate(percent)! } : { amountMinor: parseMoney(amount, invoice.currency)! }),
      })
      .then(() => {
        toast.success('Discount added')
        onDone()
      }, failed('Failed to add the discount')),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <fieldset className="grid gap-2" aria-labelledby={legendId}>
        <legend id={legendId} className="mb-2 text-sm font-medium">
          Discount by
        </legend>
        <div className="flex flex-wrap gap-4">
          <Label className="font-normal">
            <input type="radio" value="percent" className="size-4 accent-primary" {...form.register('by')} />
            Percent
          </Label>
          <Label className="font-normal">
            <input type="radio" value="amount" className="size-4 accent-primary" {...form.register('by')} />
            Amount
          </Label>
        </div>
      </fieldset>
      {by === 'percent' ? (
        <FormField
          id={percentId}
          label="Percent"
          description="Of the lines above the discount, such as 10 or 12.5."
          error={errors.percent?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              {...form.register('percent', {
                shouldUnregister: true,
                validate: (text) => {
                  const rate = parseTaxRate(text)
                  return (rate !== null && rate > 0) || BILLING_MESSAGES.discountPercent
                },
              })}
            />
          )}
        </FormField>
      ) : (
        <FormField
          id={amountId}
          label="Amount"
          description={`In ${invoice.currency}, taken off before taxes.`}
          error={errors.amount?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              {...form.register('amount', {
                shouldUnregister: true,
                validate: (text) => {
                  const minor = parseMoney(text, invoice.currency)
                  if (minor === null || minor <= 0) return BILLING_MESSAGES.lineAmount
                  return minor <= BILLING_LIMITS.maxLineAmountMinor || BILLING_MESSAGES.lineAmountTooHigh
                },
              })}
            />
          )}
        </FormField>
      )}
      <FormField label={<OptionalLabel>Description</OptionalLabel>} error={errors.description?.message}>
        {(control) => (
          <Input {...control} autoComplete="off" maxLength={BILLING_LIMITS.lineDescription} {...form.register('description')} />
        )}
      </FormField>
      <Footer onCancel={onDone} isSubmitting={isSubmitting} label="Add Discount" pendingLabel="Adding..." />
    </form>
  )
}

function ReasonField({ form, label }: { form: ReturnType<typeof useForm<{ reason: string }>>; label: string }) {
  const { errors } = form.formState
  return (
    <FormField label={label} error={errors.reason?.message}>
      {(control) => (
        <Textarea
          {...control}
          rows={3}
          maxLength={BILLING_LIMITS.reason}
          {...form.register('reason', { validate: (text) => text.trim() !== '' || BILLING_MESSAGES.reason })}
        />
      )}
    </FormField>
  )
}

function RemoveLineForm({ invoice, line, onDone }: { invoice: InvoiceDetail; line: InvoiceLine; onDone: () => void }) {
  const removeLine = useRemoveInvoiceLine(invoice.id)
  const form = useForm({ defaultValues: { reason: '' } })
  const onSubmit = form.handleSubmit(({ reason }) =>
    removeLine.mutateAsync({ lineId: line.id, reason: reason.trim() }).then(() => {
      toast.success('Line removed')
      onDone()
    }, failed('Failed to remove the line')),
  )
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <ReasonField form={form} label="Reason" />
      <Footer onCancel={onDone} isSubmitting={form.formState.isSubmitting} label="Remove" pendingLabel="Removing..." />
    </form>
  )
}

function VoidForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const voidInvoice = useVoidInvoice()
  const form = useForm({ defaultValues: { reason: '' } })
  const onSubmit = form.handleSubmit(({ reason }) =>
    voidInvoice.mutateAsync({ invoiceId: invoice.id, reason: reason.trim() }).then(({ invoice: creditNote, emailed }) => {
      toast.success(`Invoice ${invoice.number} voided`, {
        description: [
          creditNote.number ? `Credit note ${creditNote.number} issued.` : null,
          emailed ? null : 'The client has no email address, so it was not emailed.',
        ]
          .filter(Boolean)
          .join(' '),
      })
      onDone()
    }, failed('Failed to void the invoice')),
  )
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <ReasonField form={form} label="Reason" />
      <Footer onCancel={onDone} isSubmitting={form.formState.isSubmitting} label="Void" pendingLabel="Voiding..." />
    </form>
  )
}

function DeleteLineDialog({ invoice, line, onClose }: { invoice: InvoiceDetail; line: InvoiceLine; onClose: () => void }) {
  const deleteLine = useDeleteInvoiceLine(invoice.id)
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete Line?"
      description={<p>“{line.description}” will be taken off this draft.</p>}
      isPending={deleteLine.isPending}
      onConfirm={() =>
        deleteLine.mutate(line.id, {
          onSuccess: () => {
            toast.success('Line deleted')
            onClose()
          },
          onError: failed('Failed to delete the line'),
        })
      }
    />
  )
}

function DeleteDraftDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const deleteDraft = useDeleteDraft()
  const navigate = useNavigate()
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete Draft?"
      description={
        <p>The draft for {invoice.clientName} and its lines will be deleted. Its bookings can be billed again by Create Invoices.</p>
      }
      confirmLabel="Delete Draft"
      isPending={deleteDraft.isPending}
      onConfirm={() =>
        deleteDraft.mutate(invoice.id, {
          onSuccess: () => {
            toast.success('Draft deleted')
            onClose()
            navigate('/invoices', { replace: true })
          },
          onError: failed('Failed to delete the draft'),
        })
      }
    />
  )
}

// Issuing is not a deletion, so it asks with the primary button rather than ConfirmDialog's red one.
function IssueDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const issue = useIssueInvoice()
  const confirm = () =>
    issue.mutate(invoice.id, {
      onSuccess: ({ invoice: issued, emailed }) => {
        toast.success(`Invoice ${issued.number} issued`, {
          description: emailed ? undefined : 'The client has no email address, so it was not emailed.',
        })
        onClose()
      },
      onError: failed('Failed to issue the invoice'),
    })
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Issue Invoice?</AlertDialogTitle>
          <AlertDialogDescription>
            The draft for {invoice.clientName} gets the next invoice number and its due date, and is emailed to the client with its PDF. An
            issued invoice can no longer be changed; a mistake is corrected by voiding it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={issue.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={issue.isPending}
            onClick={(event) => {
              event.preventDefault()
              confirm()
            }}
          >
            {issue.isPending ? 'Issuing...' : 'Issue'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
