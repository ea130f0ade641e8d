import { TriangleAlert } from 'lucide-react'
import { localDateOf } from '@shared/scheduling/local-day'
import { usePermission } from '@web/features/auth'
import { formatCalendarDay } from '@web/lib/datetime'
import { useChargingContract } from '../api'
import { contractHoursWarning, datesChargedBy, hundredthsOfMinutes, namedContract } from '../hours'

type ContractHoursWarningProps = {
  /** The chosen client; nothing is asked until there is one. */
  clientId: string | undefined
  roomId: string
  /** The booking's (first) day, 'YYYY-MM-DD' in the facility's zone: a contract ended by then charges nothing. */
  date: string | undefined
  /** The facility's zone, in which the series' dates are read against the contract's end date. */
  timeZone: string
  durationMinutes: number | undefined
  /**
   * The series preview, when 'Repeat this event' is on: the whole series counts, once its list is
   * current. Left out, or not shown, the booking is one event.
   */
  series?: { isShown: boolean; isCurrent: boolean; occurrences?: readonly { startTime: string }[] | undefined }
}

const STILL_BOOKABLE = 'You can still book; the contract will be overdrawn.'

/**
 * Before booking: 'This booking uses 4 h; Lakeshore FSC has 2.75 h left on its contract', for the
 * contract the booking would be charged to (the server's own rule, ADR 0029). It only warns: the
 * operator may still book (docs/product.md#clients-and-contracts).
 */
export function ContractHoursWarning({ clientId, roomId, date, timeZone, durationMinutes, series }: ContractHoursWarningProps) {
  // Contracts are business data: a member who cannot read them is not told about them here either.
  const canReadContracts = usePermission('readBusiness')
  const isValidDate = date !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date)
  const charging = useChargingContract(canReadContracts && clientId && isValidDate ? { clientId, roomId, date } : null)
  const contract = charging.data
  // A series counts the dates the contract charges: those after its end date go to another (ADR 0049).
  const events = series?.isShown
    ? series.isCurrent && series.occurrences
      ? datesChargedBy(
          series.occurrences.map((occurrence) => localDateOf(new Date(occurrence.startTime), timeZone)),
          contract?.endDate ?? null,
        )
      : null
    : 1
  const warning =
    contract && events !== null && durationMinutes && Number.isFinite(durationMinutes)
      ? contractHoursWarning(
          events * hundredthsOfMinutes(durationMinutes),
          contract.clientName,
          contract,
          namedContract(contract.name, contract.endDate ? formatCalendarDay(contract.endDate) : null),
        )
      : null

  // The live region stays in place (out of the form's grid), so that a warning appearing as the
  // duration or the dates change is read out; the box shows the same words.
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {warning ? `${warning}. ${STILL_BOOKABLE}` : ''}
      </p>
      {warning ? (
        <div
          aria-hidden="true"
          className="flex gap-2 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" />
          <div className="grid min-w-0 gap-0.5">
            <p className="font-medium break-words">{warning}</p>
            <p>{STILL_BOOKABLE}</p>
          </div>
        </div>
      ) : null}
    </>
  )
}
