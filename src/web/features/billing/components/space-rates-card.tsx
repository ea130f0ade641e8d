import { useState } from 'react'
import { Tag } from 'lucide-react'
import { Link } from 'react-router'
import { LoadingList } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { usePermission } from '@web/features/auth'
import { formatDate } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useBillingSettings, useRoomRates, useSetRoomRates } from '../api'
import { formatHourlyRate } from '../amounts'
import { SetRatesDialog } from './deferred-dialogs'

export type SpaceRatesCardProps = { roomId: string; roomName: string }

// A space's hourly rates in and out of prime time, and the clients that have their own
// (docs: billing design, 'Rates'). Shown to those who read prices, set by an owner or a manager.
export function SpaceRatesCard({ roomId, roomName }: SpaceRatesCardProps) {
  const rates = useRoomRates(roomId)
  const settings = useBillingSettings()
  const setRates = useSetRoomRates(roomId)
  const canManageVenue = usePermission('manageVenue')
  const [isSetting, setIsSetting] = useState(false)
  useQueryErrorToast({ isError: rates.isError || settings.isError, error: rates.error ?? settings.error }, 'Failed to load rates')

  const currency = settings.data?.currency
  const rate = rates.data?.rate ?? null
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>Rates</h2>
        </CardTitle>
        <CardDescription>Per hour; prime time is set on the facility.</CardDescription>
        {canManageVenue && currency ? (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => setIsSetting(true)}>
              <Tag aria-hidden="true" />
              Set Rates
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {rates.isPending || settings.isPending ? (
          <LoadingList label="Loading rates..." rows={2} />
        ) : !rates.data || !currency ? null : (
          <>
            {rate ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
                <dt className="text-muted-foreground">Prime</dt>
                <dd className="tabular-nums">{formatHourlyRate(rate.primeRateMinor, currency)}</dd>
                <dt className="text-muted-foreground">Non-prime</dt>
                <dd className="tabular-nums">{formatHourlyRate(rate.nonPrimeRateMinor, currency)}</dd>
                <dt className="text-muted-foreground">Since</dt>
                <dd>{formatDate(rate.effectiveFrom)}</dd>
              </dl>
            ) : (
              <p className="text-muted-foreground">No rates set: bookings of this space are billed at 0.</p>
            )}
            {rates.data.clientRates.length > 0 ? (
              <section aria-labelledby={`client-rates-${roomId}`} className="grid gap-1">
                <h3 id={`client-rates-${roomId}`} className="font-medium">
                  Special Rates
                </h3>
                <ul className="grid gap-1">
                  {rates.data.clientRates.map((clientRate) => (
                    <li key={clientRate.clientId} className="flex flex-wrap justify-between gap-x-4">
                      <Link to={`/clients/${clientRate.clientId}`} className="text-primary underline-offset-4 hover:underline">
                        {clientRate.clientName}
                      </Link>
                      <span className="tabular-nums">
                        Prime {formatHourlyRate(clientRate.primeRateMinor, currency)} · Non-prime{' '}
                        {formatHourlyRate(clientRate.nonPrimeRateMinor, currency)}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </CardContent>
      {currency ? (
        <SetRatesDialog
          open={canManageVenue && isSetting}
          onOpenChange={setIsSetting}
          title="Set Rates"
          description={`${roomName}: new rates apply to bookings made from now on; earlier bookings keep theirs.`}
          currency={currency}
          current={rate}
          save={(input) => setRates.mutateAsync(input)}
        />
      ) : null}
    </Card>
  )
}
