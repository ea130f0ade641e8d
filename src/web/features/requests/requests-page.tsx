import { useId, useState, type ComponentProps, type ReactNode } from 'react'
import { Inbox } from 'lucide-react'
import { toast } from 'sonner'
import { REQUEST_MESSAGES, REQUEST_STATUS_LABELS } from '@shared/renting/requests'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs'
import { usePermission } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { formatDateTime, formatSpan } from '@web/lib/datetime'
import { deferred, useDeferred } from '@web/lib/deferred'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useApproveRequest, useRequests, type OperatorRequest, type RequestListStatus } from './api'
import type { DeclineRequestDialog as LoadedDeclineRequestDialog } from './components/decline-request-dialog'

// The reason's form (react-hook-form, the shared schema) loads after the page has painted.
const declineRequestDialog = deferred(() => import('./components/decline-request-dialog').then((module) => module.DeclineRequestDialog))

function DeclineRequestDialog(props: ComponentProps<typeof LoadedDeclineRequestDialog>) {
  const Loaded = useDeferred(declineRequestDialog, { isOpen: props.request !== null, shouldPrefetch: true, close: props.onClose })
  return Loaded ? <Loaded {...props} /> : null
}

/**
 * 'Requests' (docs/product.md#renters): renters' requests for ice, each holding its time until it
 * is approved, declined or expires. The pending ones first, soonest first; the answered ones under
 * their own tab, latest first. For who may book; the sidebar hides it from everyone else.
 */
export function RequestsPage() {
  const canBook = usePermission('book')
  if (!canBook) {
    return <PageHeader title="Requests" description="An owner, a manager or a scheduler answers renters' requests." />
  }
  return (
    <div className="grid gap-2">
      <PageHeader
        title="Requests"
        description="Renters' requests for ice. Each holds its time until you approve or decline it, or it expires. Times are in each facility's time zone."
      />
      <Tabs defaultValue="pending" className="min-w-0">
        <TabsList>
          <TabsTrigger value="pending">Pending</TabsTrigger>
          <TabsTrigger value="decided">Decided</TabsTrigger>
        </TabsList>
        <TabsContent value="pending" className="pt-2">
          <RequestList status="pending" />
        </TabsContent>
        <TabsContent value="decided" className="pt-2">
          <RequestList status="decided" />
        </TabsContent>
      </Tabs>
    </div>
  )
}

const EMPTY: Record<RequestListStatus, { title: string; description: string }> = {
  pending: { title: 'No pending requests', description: 'Requests renters send from the portal appear here.' },
  decided: { title: 'No decided requests yet', description: 'Requests approved, declined, expired or withdrawn appear here.' },
}

function RequestList({ status }: { status: RequestListStatus }) {
  const requests = useRequests(status)
  const [declining, setDeclining] = useState<OperatorRequest | null>(null)
  useQueryErrorToast(requests, 'Failed to load requests')

  if (requests.isPending) return <LoadingList label="Loading requests..." />
  if (!requests.data) return null
  if (requests.data.length === 0) return <EmptyState icon={Inbox} {...EMPTY[status]} />
  return (
    <>
      <ul className="grid gap-3" aria-label={status === 'pending' ? 'Pending requests' : 'Decided requests'}>
        {requests.data.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} onDecline={setDeclining} />
          </li>
        ))}
      </ul>
      <DeclineRequestDialog request={declining} onClose={() => setDeclining(null)} />
    </>
  )
}

function RequestCard({ request, onDecline }: { request: OperatorRequest; onDecline: (request: OperatorRequest) => void }) {
  const headingId = useId()
  const isPending = request.status === 'pending'
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="min-w-0 font-semibold break-words">
            {request.title}
          </h2>
          {isPending ? null : (
            <Badge variant={request.status === 'approved' ? 'default' : 'secondary'}>{REQUEST_STATUS_LABELS[request.status]}</Badge>
          )}
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          <Detail term="Client">{request.clientName}</Detail>
          <Detail term="Space">
            {request.spaceName}, {request.facilityName}
          </Detail>
          <Detail term="When">{formatSpan(request.startTime, request.endTime, request.timeZone)}</Detail>
          <Detail term="Asked by">
            {request.requestedBy ? `${request.requestedBy.name} (${request.requestedBy.email})` : 'A former renter'},{' '}
            {formatDateTime(request.createdAt, request.timeZone)}
          </Detail>
          {isPending ? (
            <Detail term="Expires">{formatDateTime(request.expiresAt, request.timeZone)}</Detail>
          ) : (
            <DecidedDetails request={request} />
          )}
        </dl>
      </div>
      {isPending ? (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <ApproveButton request={request} />
          <Button variant="outline" aria-label={`Decline ${request.title}`} onClick={() => onDecline(request)}>
            Decline
          </Button>
        </div>
      ) : null}
    </article>
  )
}

function DecidedDetails({ request }: { request: OperatorRequest }) {
  return (
    <>
      {request.decidedAt ? (
        <Detail term={REQUEST_STATUS_LABELS[request.status]}>
          {formatDateTime(request.decidedAt, request.timeZone)}
          {request.decidedByName ? ` by ${request.decidedByName}` : null}
        </Detail>
      ) : null}
      {request.declineReason ? <Detail term="Reason">{request.declineReason}</Detail> : null}
    </>
  )
}

function ApproveButton({ request }: { request: OperatorRequest }) {
  const approve = useApproveRequest()
  // mutateAsync, not mutate's callbacks: the lists are refetched before those would run, and the
  // approved request's row, with this button, is gone by then, which drops them unheard.
  const onApprove = () =>
    approve.mutateAsync(request.id).then(
      () => toast.success(REQUEST_MESSAGES.approved),
      (error: unknown) => toast.error('Failed to approve request', { description: errorDescription(error) }),
    )
  return (
    <Button aria-label={`Approve ${request.title}`} disabled={approve.isPending} onClick={onApprove}>
      {approve.isPending ? 'Approving...' : 'Approve'}
    </Button>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}
