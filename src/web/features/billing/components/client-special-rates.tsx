import { useState } from 'react'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { LoadingList } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { usePermission } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { formatDate } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useBillingSettings, useClientRates, useRemoveClientRates, useSetClientRates, type ClientRate } from '../api'
import { formatHourlyRate } from '../amounts'
import { SetRatesDialog } from './deferred-dialogs'
import { amountCell, cell, ScrollTable, TableHead } from '@web/components/scroll-table'

export type ClientSpecialRatesProps = { clientId: string; clientName: string }

type Editing = { rate: ClientRate | null }

// The client's own hourly rates per space, which its bookings made from now on are billed at
// instead of the space's (ADR 0061). Read by those who read prices; set by an owner or a manager.
export function ClientSpecialRates({ clientId, clientName }: ClientSpecialRatesProps) {
  const rates = useClientRates(clientId)
  const settings = useBillingSettings()
  const setRates = useSetClientRates(clientId)
  const removeRates = useRemoveClientRates(clientId)
  const canManageVenue = usePermission('manageVenue')
  const [editing, setEditing] = useState<Editing | null>(null)
  const [removing, setRemoving] = useState<ClientRate | null>(null)
  useQueryErrorToast({ isError: rates.isError || settings.isError, error: rates.error ?? settings.error }, 'Failed to load special rates')

  const currency = settings.data?.currency
  const list = rates.data ?? []
  const confirmRemoval = () => {
    if (!removing) return
    removeRates.mutate(removing.roomId, {
      onSuccess: () => {
        toast.success('Special rates removed')
        setRemoving(null)
      },
      onError: (error) => toast.error('Failed to remove the special rates', { description: errorDescription(error) }),
    })
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>Special Rates</h2>
        </CardTitle>
        <CardDescription>This client's own rates per space, instead of the space's, for bookings made from now on.</CardDescription>
        {canManageVenue && currency ? (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => setEditing({ rate: null })}>
              <Plus aria-hidden="true" />
              Add<span className="sr-only"> special rates</span>
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>
        {rates.isPending || settings.isPending ? (
          <LoadingList label="Loading special rates..." rows={2} />
        ) : !currency ? null : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">None: this client's bookings are billed at each space's rates.</p>
        ) : (
          <ScrollTable label="Special rates">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Special rates of {clientName}</caption>
              <TableHead
                columns={[
                  'Space',
                  { label: 'Prime', align: 'right' },
                  { label: 'Non-prime', align: 'right' },
                  'Since',
                  canManageVenue ? { label: 'Actions', srOnly: true } : null,
                ]}
              />
              <tbody>
                {list.map((rate) => (
                  <tr key={rate.roomId} className="border-t align-top">
                    <th scope="row" className={`${cell} text-left font-medium break-words`}>
                      {rate.roomName}
                      <span className="block font-normal text-muted-foreground">{rate.facilityName}</span>
                    </th>
                    <td className={amountCell}>{formatHourlyRate(rate.primeRateMinor, currency)}</td>
                    <td className={amountCell}>{formatHourlyRate(rate.nonPrimeRateMinor, currency)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{formatDate(rate.effectiveFrom)}</td>
                    {canManageVenue ? (
                      <td className={`${cell} text-right whitespace-nowrap`}>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Change special rates for ${rate.roomName}`}
                          onClick={() => setEditing({ rate })}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove special rates for ${rate.roomName}`}
                          onClick={() => setRemoving(rate)}
                        >
                          <Trash2 className="text-destructive" aria-hidden="true" />
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </CardContent>
      {currency ? (
        <SetRatesDialog
          open={canManageVenue && editing !== null}
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          title="Special Rates"
          description={
            editing?.rate
              ? `${clientName} in ${editing.rate.roomName}: new rates apply to bookings made from now on.`
              : `${clientName}: rates for one space, for bookings made from now on.`
          }
          currency={currency}
          current={editing?.rate ?? null}
          chooseSpace={editing?.rate ? undefined : { excludedRoomIds: list.map((rate) => rate.roomId) }}
          save={({ roomId, ...input }) => setRates.mutateAsync({ roomId: editing?.rate?.roomId ?? roomId!, ...input })}
        />
      ) : null}
      <ConfirmDialog
        open={canManageVenue && removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove Special Rates?"
        description={
          <p>
            {clientName}'s bookings of {removing?.roomName} made from now on are billed at the space's rates. Bookings made before keep the
            special rates.
          </p>
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={removeRates.isPending}
        onConfirm={confirmRemoval}
      />
    </Card>
  )
}
