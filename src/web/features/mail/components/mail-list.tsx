import { useId } from 'react'
import { Inbox } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { MAIL_STATUS_LABELS, MAIL_STATUSES, type MailKind, type MailStatus } from '@shared/mail/schema'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { formatDateTime, formatTime } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useMail, type MailList as MailListPage, type MailMessage, type MailScope } from '../api'

const KIND_LABELS: Record<MailKind, string> = {
  account_approved: 'Account approved',
  password_reset: 'Password reset',
  team_invitation: 'Team invitation',
  booking_confirmed: 'Booking confirmed',
  booking_changed: 'Booking changed',
  booking_cancelled: 'Booking cancelled',
  selloff: 'Selloff email',
  invoice_issued: 'Invoice',
  credit_note_issued: 'Credit note',
  portal_invitation: 'Portal invitation',
  request_approved: 'Request approved',
  request_declined: 'Request declined',
  request_expired: 'Request expired',
  waitlist_offer: 'Waitlist offer',
}

/** A file's size as people read it: '820 bytes', '14 KB', '1.2 MB'. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const STATUS_VARIANTS: Record<MailStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  queued: 'outline',
  sending: 'outline',
  sent: 'default',
  kept: 'secondary',
  failed: 'destructive',
}

function readStatus(params: URLSearchParams): MailStatus | undefined {
  const value = params.get('status') ?? ''
  return (MAIL_STATUSES as readonly string[]).includes(value) ? (value as MailStatus) : undefined
}

/** The outbox as a list: the admin's every message, or an organisation's own (docs/product.md#email). */
export function MailList({ scope }: { scope: MailScope }) {
  const [params, setParams] = useSearchParams()
  const status = readStatus(params)
  const mail = useMail(scope, status)
  const statusId = useId()
  const headingId = useId()
  useQueryErrorToast(mail, 'Failed to load mail')

  const setStatus = (value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set('status', value)
    else next.delete('status')
    setParams(next, { replace: true })
  }

  const first = mail.data?.pages[0]
  const messages = mail.data?.pages.flatMap((page) => page.messages) ?? []

  return (
    <div className="grid gap-4">
      {first ? <DeliveryNotice page={first} /> : null}
      <form role="search" aria-label="Filter mail" className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()}>
        <div className="grid min-w-48 gap-2">
          <Label htmlFor={statusId}>Status</Label>
          <NativeSelect id={statusId} value={status ?? ''} onChange={(event) => setStatus(event.target.value)}>
            <NativeSelectOption value="">All messages</NativeSelectOption>
            {MAIL_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {MAIL_STATUS_LABELS[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </form>
      <h2 id={headingId} className="sr-only">
        Messages
      </h2>
      {mail.isPending ? (
        <LoadingList label="Loading mail..." rows={4} />
      ) : messages.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={status ? 'No messages with this status' : 'No mail yet'}
          description="Messages appear here as soon as something in Fieldhouse writes one: an approval, an invitation, a booking confirmation or a selloff email."
        />
      ) : (
        <ul className="grid gap-3" aria-labelledby={headingId}>
          {messages.map((message) => (
            <MailItem key={message.id} message={message} showOrganisation={scope === 'admin'} />
          ))}
        </ul>
      )}
      {mail.hasNextPage ? (
        <div>
          <Button variant="outline" onClick={() => void mail.fetchNextPage()} disabled={mail.isFetchingNextPage}>
            {mail.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  )
}

function DeliveryNotice({ page }: { page: MailListPage }) {
  const { delivery, limit } = page
  if (delivery !== 'kept' && !(limit && limit.waiting > 0)) return null
  return (
    <div className="grid gap-2">
      {delivery === 'kept' ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" role="note">
          Email delivery is off: no SMTP server is configured (SMTP_URL), so nothing is sent. Every message is kept here, so you can read
          what would have been sent.
        </p>
      ) : null}
      {limit && limit.waiting > 0 ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="status">
          This organisation has reached its sending limit of {limit.perHour} messages an hour. {limit.waiting} message(s) wait and go out as
          the limit allows{limit.resumesAt ? `, from ${formatTime(limit.resumesAt)}` : ''}. Nothing is dropped.
        </p>
      ) : null}
    </div>
  )
}

function MailItem({ message, showOrganisation }: { message: MailMessage; showOrganisation: boolean }) {
  const titleId = useId()
  return (
    <li className="min-w-0 rounded-lg border bg-card p-4" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold wrap-anywhere">
            {message.subject}
          </h3>
          <p className="text-sm break-all text-muted-foreground">To {message.to}</p>
        </div>
        <Badge variant={STATUS_VARIANTS[message.status]}>{MAIL_STATUS_LABELS[message.status]}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Kind</dt>
        <dd>{KIND_LABELS[message.kind]}</dd>
        {showOrganisation ? (
          <>
            <dt className="text-muted-foreground">Organisation</dt>
            <dd>{message.organisationName ?? 'Account mail'}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Written</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        {message.sentAt ? (
          <>
            <dt className="text-muted-foreground">Sent</dt>
            <dd>{formatDateTime(message.sentAt)}</dd>
          </>
        ) : null}
        {message.status === 'queued' && message.nextAttemptAt ? (
          <>
            <dt className="text-muted-foreground">Next attempt</dt>
            <dd>{formatDateTime(message.nextAttemptAt)}</dd>
          </>
        ) : null}
        {message.attempts > 0 ? (
          <>
            <dt className="text-muted-foreground">Attempts</dt>
            <dd>{message.attempts}</dd>
          </>
        ) : null}
        {message.attachments.length > 0 ? (
          <>
            <dt className="text-muted-foreground">{message.attachments.length === 1 ? 'Attachment' : 'Attachments'}</dt>
            <dd className="wrap-anywhere">
              {message.attachments.map((attachment) => `${attachment.filename} (${formatBytes(attachment.bytes)})`).join(', ')}
            </dd>
          </>
        ) : null}
        {message.lastError ? (
          <>
            <dt className="text-muted-foreground">Last error</dt>
            <dd className="wrap-anywhere text-destructive">{message.lastError}</dd>
          </>
        ) : null}
      </dl>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium">Show message</summary>
        <pre className="mt-2 rounded-md bg-muted/40 p-3 font-sans text-sm wrap-anywhere whitespace-pre-wrap">{message.text}</pre>
      </details>
    </li>
  )
}
