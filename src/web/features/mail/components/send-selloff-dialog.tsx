import { useId, useMemo, useState } from 'react'
import { Send } from 'lucide-react'
import { toast } from 'sonner'
import { sendSelloffInput } from '@shared/mail/schema'
import { Button } from '@web/components/ui/button'
import { Checkbox } from '@web/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { Label } from '@web/components/ui/label'
import { errorDescription } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useMarketingRecipients, useSendSelloff } from '../api'

export type SendSelloffDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  subject: string
  body: string
}

/**
 * 'Send' on the selloff email: the clients with an email, ticked one by one or all at once. Each
 * gets their own message with an unsubscribe link (docs/product.md#email); unsubscribed clients
 * are shown but cannot be chosen.
 */
export function SendSelloffDialog({ open, onOpenChange, subject, body }: SendSelloffDialogProps) {
  const recipients = useMarketingRecipients(open)
  const send = useSendSelloff()
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [problem, setProblem] = useState<string | null>(null)
  const selectAllId = useId()
  const listLabelId = useId()
  const problemId = useId()
  useQueryErrorToast(recipients, 'Failed to load clients')

  const reachable = useMemo(() => (recipients.data ?? []).filter((client) => !client.unsubscribed), [recipients.data])
  const chosenReachable = reachable.filter((client) => chosen.has(client.id))
  const isAllChosen = reachable.length > 0 && chosenReachable.length === reachable.length
  const selectAllState = isAllChosen ? true : chosenReachable.length > 0 ? 'indeterminate' : false

  const toggle = (id: string, isChosen: boolean) => {
    setProblem(null)
    setChosen((previous) => {
      const next = new Set(previous)
      if (isChosen) next.add(id)
      else next.delete(id)
      return next
    })
  }
  const toggleAll = (isChosen: boolean) => {
    setProblem(null)
    setChosen(isChosen ? new Set(reachable.map((client) => client.id)) : new Set())
  }

  const onSend = () => {
    const parsed = sendSelloffInput.safeParse({ subject, body, clientIds: chosenReachable.map((client) => client.id) })
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the email')
      return
    }
    send.mutate(parsed.data, {
      onSuccess: (result) => {
        toast.success(result.message)
        if (result.limitNotice) toast.warning(result.limitNotice)
        setChosen(new Set())
        onOpenChange(false)
      },
      onError: (error) => toast.error('Failed to send the selloff email', { description: errorDescription(error) }),
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] grid-rows-[auto_1fr_auto] sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Send Selloff Email</DialogTitle>
          <DialogDescription>
            Each client you choose gets their own copy of “{subject || 'the email'}”, with a link to unsubscribe.
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 gap-3">
          {recipients.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading clients...
            </p>
          ) : (recipients.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No client has an email address yet. Add one on a client's page to send them the selloff email.
            </p>
          ) : (
            <>
              <div className="flex items-center gap-3 border-b pb-3">
                <Checkbox
                  id={selectAllId}
                  checked={selectAllState}
                  onCheckedChange={(checked) => toggleAll(checked === true)}
                  disabled={reachable.length === 0}
                />
                <Label htmlFor={selectAllId}>Select all</Label>
                <span className="ml-auto text-sm text-muted-foreground" aria-live="polite">
                  {chosenReachable.length} of {reachable.length} chosen
                </span>
              </div>
              <p id={listLabelId} className="sr-only">
                Clients
              </p>
              <ul
                aria-labelledby={listLabelId}
                aria-describedby={problem ? problemId : undefined}
                className="grid max-h-80 gap-2 overflow-y-auto pr-1"
              >
                {recipients.data!.map((client) => (
                  <RecipientRow key={client.id} client={client} isChosen={chosen.has(client.id)} onToggle={toggle} />
                ))}
              </ul>
            </>
          )}
          {problem ? (
            <p id={problemId} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onSend} disabled={send.isPending || chosenReachable.length === 0}>
            <Send aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function RecipientRow({
  client,
  isChosen,
  onToggle,
}: {
  client: { id: string; name: string; email: string; unsubscribed: boolean }
  isChosen: boolean
  onToggle: (id: string, isChosen: boolean) => void
}) {
  const id = useId()
  return (
    <li className="flex items-start gap-3">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={isChosen && !client.unsubscribed}
        disabled={client.unsubscribed}
        onCheckedChange={(checked) => onToggle(client.id, checked === true)}
      />
      <Label htmlFor={id} className="grid gap-0.5 font-normal">
        <span className="font-medium">{client.name}</span>
        <span className="text-sm break-all text-muted-foreground">
          {client.email}
          {client.unsubscribed ? ' · Unsubscribed' : ''}
        </span>
      </Label>
    </li>
  )
}
