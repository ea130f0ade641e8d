import type { ReactNode } from 'react'
import { CalendarDays, MapPin, TriangleAlert } from 'lucide-react'
import { describeScope } from '@shared/contracts/scope'
import { Progress } from '@web/components/ui/progress'
import { formatCalendarDay } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import type { Contract } from '../api'
import { formatHours, formatHundredths, shortContractId, splitHours, usedPercent } from '../hours'
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
  const hours = splitHours(contract)
  const isOverdrawn = hours.overdrawn > 0
  return (
    <article
      className={cn('grid content-start gap-3 rounded-lg border bg-card p-4 text-card-foreground', isOverdrawn && 'border-destructive/60')}
      aria-label={`${contract.name}, contract ${shortId}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Heading className="min-w-0 font-semibold break-words">{contract.name}</Heading>
          <span className="font-mono text-xs text-muted-foreground">#{shortId}</span>
          <ContractStatusBadge status={contract.status} />
        </div>
        {actions ? <div className="flex shrink-0 gap-1">{actions}</div> : null}
      </div>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <span>
            {/* Progress counts booked and used together; said so, so that it never reads as 'Used' below. */}
            {formatHours(contract.hoursUsed)} of {formatHours(contract.totalHours)} h booked or used
          </span>
          <span className="font-medium tabular-nums">{percent}%</span>
        </div>
        <Progress
          value={percent}
          aria-label={`Hours used on contract ${contract.name} (${shortId})`}
          className={cn(isOverdrawn && 'bg-destructive/20 [&>[data-slot=progress-indicator]]:bg-destructive')}
        />
      </div>
      {isOverdrawn ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-destructive">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          Overdrawn by {formatHundredths(hours.overdrawn)} h
        </p>
      ) : null}
      {/* Hours used split: booked for events still to come, used by the rest (docs/product.md#clients-and-contracts). */}
      <dl className="grid grid-cols-3 gap-2 rounded-md bg-muted/50 p-2 text-sm">
        <HoursFigure label="Booked" hundredths={hours.booked} />
        <HoursFigure label="Used" hundredths={hours.used} />
        <HoursFigure label="Remaining" hundredths={hours.remaining} isDestructive={isOverdrawn} />
      </dl>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <MapPin className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">Applies to: {describeScope(contract)}</span>
      </p>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Start date: {formatCalendarDay(contract.startDate)}
          {' · '}
          {contract.endDate ? `End date: ${formatCalendarDay(contract.endDate)}` : 'No end date'}
        </span>
      </p>
      {contract.notes ? <p className="text-sm break-words whitespace-pre-line">{contract.notes}</p> : null}
    </article>
  )
}

function HoursFigure({ label, hundredths, isDestructive = false }: { label: string; hundredths: number; isDestructive?: boolean }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums', isDestructive && 'text-destructive')}>{formatHundredths(hundredths)} h</dd>
    </div>
  )
}
