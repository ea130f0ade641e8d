import type { ReactNode } from 'react'
import { CalendarDays } from 'lucide-react'
import { Progress } from '@web/components/ui/progress'
import { formatCalendarDay } from '@web/lib/datetime'
import type { Contract } from '../api'
import { formatHours, shortContractId, usedPercent } from '../hours'
import { ContractStatusBadge } from './contract-status-badge'

type ContractCardProps = {
  contract: Contract
  /** Edit and delete buttons, where the contract can be changed. */
  actions?: ReactNode
  /** The card's heading level in the page's outline. */
  headingLevel?: 'h3' | 'h4'
}

export function ContractCard({ contract, actions, headingLevel: Heading = 'h3' }: ContractCardProps) {
  const shortId = shortContractId(contract.id)
  const percent = usedPercent(contract.hoursUsed, contract.totalHours)
  return (
    <article className="grid content-start gap-3 rounded-lg border bg-card p-4 text-card-foreground" aria-label={`Contract ${shortId}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Heading className="font-mono text-sm font-semibold">#{shortId}</Heading>
          <ContractStatusBadge status={contract.status} />
        </div>
        {actions ? <div className="flex shrink-0 gap-1">{actions}</div> : null}
      </div>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <span>
            {formatHours(contract.hoursUsed)} of {formatHours(contract.totalHours)} hours used
          </span>
          <span className="font-medium tabular-nums">{percent}%</span>
        </div>
        <Progress value={percent} aria-label={`Hours used on contract ${shortId}`} />
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
        Start date: {formatCalendarDay(contract.startDate)}
      </p>
      {contract.notes ? <p className="text-sm break-words whitespace-pre-line">{contract.notes}</p> : null}
    </article>
  )
}
