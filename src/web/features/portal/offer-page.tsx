import { useId, useState } from 'react'
import { CalendarCheck, CalendarX } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { toast } from 'sonner'
import { WAITLIST_MESSAGES } from '@shared/renting/waitlist'
import { EmptyState } from '@web/components/empty-state'
import { LoadingScreen } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { formatSpan } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useClaimOffer, useOffer, type WaitlistOffer } from './api'
import { PortalPage } from './components/portal-page'
import { usePortalClient } from './portal-client'

/**
 * The claim link of a waitlist offer's email (docs/product.md#renters): the first to claim gets
 * the slot, booked or requested as its space takes it; the others see 'This slot was just taken'.
 */
export function PortalOfferPage() {
  const { id = '' } = useParams()
  const offer = useOffer(id)
  const isMissing = offer.error instanceof ApiError && offer.error.status === 404
  useQueryErrorToast({ isError: offer.isError && !isMissing, error: offer.error }, 'Failed to load the offer')
  if (offer.isPending) return <LoadingScreen shape="card" />
  if (isMissing) {
    return (
      <EmptyState
        icon={CalendarX}
        title="Offer not found"
        description="This offer is not for you, or no longer exists."
        action={
          <Button asChild variant="outline">
            <Link to="/portal/waitlist">Go to the Waitlist</Link>
          </Button>
        }
      />
    )
  }
  return offer.data ? <Offer offer={offer.data} /> : null
}

type Claimed = 'booked' | 'requested'

function Offer({ offer }: { offer: WaitlistOffer }) {
  const { client: current } = usePortalClient()
  const claim = useClaimOffer(offer.id)
  // The claim is for one of the renter's clients the offer reached: the one the portal shows, if it is one.
  const [clientId, setClientId] = useState(
    offer.clients.some((client) => client.id === current.clientId) ? current.clientId : (offer.clients[0]?.id ?? ''),
  )
  const [claimed, setClaimed] = useState<Claimed | null>(null)
  const [isTaken, setIsTaken] = useState(offer.status === 'taken')
  const selectId = useId()
  const span = formatSpan(offer.startTime, offer.endTime, offer.timeZone)

  const onClaim = () =>
    claim.mutate(clientId, {
      onSuccess: (answer) => {
        const outcome: Claimed = answer.eventId ? 'booked' : 'requested'
        setClaimed(outcome)
        toast.success(outcome === 'booked' ? WAITLIST_MESSAGES.claimedBooked : WAITLIST_MESSAGES.claimedRequested)
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setIsTaken(true)
        else toast.error('Failed to claim the slot', { description: errorDescription(error) })
      },
    })

  const outcome = claimed ?? (offer.status === 'yours' ? 'yours' : null)
  return (
    <PortalPage title="Ice Offered" description="Time you waited for was released. The first to claim it gets it.">
      <section aria-label="The slot" className="grid gap-1 rounded-lg border bg-card p-4">
        <p className="text-lg font-semibold">{span}</p>
        <p className="text-muted-foreground">
          {offer.spaceName} · {offer.facilityName}
        </p>
        <p className="text-sm text-muted-foreground">
          {offer.makesRequest ? 'Claiming sends a request, which holds the slot until the venue answers.' : 'Claiming books it at once.'}
        </p>
      </section>
      {outcome ? (
        <div role="status" className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <CalendarCheck className="size-5 text-primary" aria-hidden="true" />
            {outcome === 'booked'
              ? WAITLIST_MESSAGES.claimedBooked
              : outcome === 'requested'
                ? WAITLIST_MESSAGES.claimedRequested
                : 'You claimed this slot'}
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={outcome === 'requested' ? '/portal/requests' : '/portal'}>
              {outcome === 'requested' ? 'See My Requests' : 'See My Bookings'}
            </Link>
          </Button>
        </div>
      ) : isTaken ? (
        <div role="status" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <CalendarX className="size-5 text-destructive" aria-hidden="true" />
            {WAITLIST_MESSAGES.slotTaken}
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/portal/waitlist">Go to the Waitlist</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-4">
          {offer.clients.length > 1 ? (
            <div className="grid gap-2 sm:max-w-sm">
              <label htmlFor={selectId} className="text-sm font-medium">
                For
              </label>
              <NativeSelect id={selectId} value={clientId} onChange={(event) => setClientId(event.target.value)}>
                {offer.clients.map((client) => (
                  <NativeSelectOption key={client.id} value={client.id}>
                    {client.name}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <Button onClick={onClaim} disabled={claim.isPending || clientId === ''} size="lg" className="justify-self-start">
            {claim.isPending ? 'Claiming...' : 'Claim'}
          </Button>
        </div>
      )}
    </PortalPage>
  )
}
