import { useId } from 'react'
import { Clock } from 'lucide-react'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { Progress } from '@web/components/ui/progress'
import { formatHours, usedPercent } from '@web/features/contracts'
import { formatCalendarDay, formatDayDateTime } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePortalContracts, type LedgerLine, type PortalContract } from './api'
import { PortalPage } from './components/portal-page'
import { usePortalClient } from './portal-client'

/** 'My Hours': each active contract of the client, used of total, and the lines of its usage ledger. */
export function PortalHoursPage() {
  const { client } = usePortalClient()
  const contracts = usePortalContracts(client.clientId)
  useQueryErrorToast(contracts, 'Failed to load contracts')
  return (
    <PortalPage title="My Hours" description={`The hours of ${client.clientName}'s active contracts.`}>
      {contracts.isPending ? (
        <LoadingList label="Loading contracts..." />
      ) : contracts.data?.length ? (
        contracts.data.map((contract) => <ContractHours key={contract.id} contract={contract} />)
      ) : contracts.isSuccess ? (
        <EmptyState icon={Clock} title="No active contracts" description="The venue sets up hour contracts; ask them about one." />
      ) : null}
    </PortalPage>
  )
}

function ContractHours({ contract }: { contract: PortalContract }) {
  const headingId = useId()
  const used = formatHours(contract.hoursUsed)
  const total = formatHours(contract.totalHours)
  const period = contract.endDate
    ? `${formatCalendarDay(contract.startDate)} - ${formatCalendarDay(contract.endDate)}`
    : `From ${formatCalendarDay(contract.startDate)}`
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {contract.name}
        </h2>
        <p className="text-sm text-muted-foreground">{period}</p>
      </div>
      <div className="grid gap-2">
        <p className="text-sm">
          <span className="text-2xl font-bold tabular-nums">{used}</span> of {total} hours used
        </p>
        <Progress value={usedPercent(contract.hoursUsed, contract.totalHours)} aria-label={`${used} of ${total} hours used`} />
      </div>
      <Ledger contract={contract} />
    </section>
  )
}

// A line's kind in the renter's words: a booking still to come, one that has started, or hours the
// venue logged by hand (docs/product.md#renters).
const KIND_LABELS: Record<LedgerLine['kind'], string> = { booked: 'Booked', logged: 'Used', manual: 'Logged by the venue' }

function Ledger({ contract }: { contract: PortalContract }) {
  if (contract.ledger.length === 0) return <p className="text-sm text-muted-foreground">No hours used yet.</p>
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Usage of {contract.name}</caption>
      <thead className="text-left text-muted-foreground">
        <tr className="border-b">
          <th scope="col" className="py-2 pr-3 font-medium">
            Date
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            What
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Hours
          </th>
        </tr>
      </thead>
      <tbody>
        {contract.ledger.map((line) => (
          <tr key={line.id} className="border-b align-top last:border-0">
            <td className="py-2 pr-3 whitespace-nowrap">{formatCalendarDay(line.usageDate)}</td>
            <td className="py-2 pr-3 break-words">
              <span className="block">{line.title ?? line.description ?? KIND_LABELS[line.kind]}</span>
              <span className="block text-xs text-muted-foreground">
                {KIND_LABELS[line.kind]}
                {line.startTime && line.timeZone ? `, ${formatDayDateTime(line.startTime, line.timeZone)}` : null}
              </span>
            </td>
            <td className="py-2 text-right tabular-nums">{formatHours(line.hours)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
