import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import {
  declineRequestInput,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
  type DeclineRequestInput,
  type DeclineRequestValues,
} from '@shared/renting/requests'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Textarea } from '@web/components/ui/textarea'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { errorDescription } from '@web/lib/api-client'
import { useDeclineRequest, type OperatorRequest } from '../api'

type DeclineRequestDialogProps = {
  request: OperatorRequest | null
  onClose: () => void
}

// 'Decline' asks for a reason, which is emailed to the renter; the slot is freed at once
// (docs/product.md#renters). The content mounts on each opening: every opening starts blank.
export function DeclineRequestDialog({ request, onClose }: DeclineRequestDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>{request ? <DeclineForm request={request} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  )
}

function DeclineForm({ request, onDone }: { request: OperatorRequest; onDone: () => void }) {
  const decline = useDeclineRequest()
  const form = useForm<DeclineRequestValues, unknown, DeclineRequestInput>({
    resolver: zodResolver(declineRequestInput),
    defaultValues: { reason: '' },
  })
  const { errors, isSubmitting } = form.formState
  const reason = useWatch({ control: form.control, name: 'reason' })

  const onSubmit = form.handleSubmit((input) =>
    decline.mutateAsync({ id: request.id, input }).then(
      () => {
        toast.success(REQUEST_MESSAGES.declined)
        onDone()
      },
      (error: unknown) => {
        toast.error('Failed to decline request', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <>
      <DialogHeader>
        <DialogTitle>Decline Request?</DialogTitle>
        <DialogDescription>
          “{request.title}” for {request.clientName} is declined and its time is freed. The reason is emailed to whoever asked.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label="Reason" error={errors.reason?.message}>
          {(control) => <Textarea {...control} rows={3} maxLength={REQUEST_LIMITS.declineReason} autoFocus {...form.register('reason')} />}
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!reason?.trim() || isSubmitting}>
            {isSubmitting ? 'Declining...' : 'Decline Request'}
          </Button>
        </DialogFooter>
      </form>
    </>
  )
}
