import { lazy, Suspense, useState } from 'react'
import { ChartColumn, Table2 } from 'lucide-react'
import type { ReportResponse, ReportSpace } from '@shared/reports/responses'
import { amountCell, cell, NoValue, ScrollTable, TableHead } from '@web/components/scroll-table'
import { Skeleton } from '@web/components/ui/skeleton'
import { ViewToggle } from '@web/components/view-toggle'
import { formatHoursWithUnit, formatReportHours, formatShare } from '../numbers'
import { Figures, ReportSection, SubHeading } from './report-parts'
import { UtilisationHeatmap } from './utilisation-heatmap'

// recharts loads only when a chart is shown (ADR 0069).
const SpaceUtilisationChart = lazy(() => import('./space-utilisation-chart').then((module) => ({ default: module.SpaceUtilisationChart })))

type Utilisation = ReportResponse['utilisation']
type SpacesView = 'chart' | 'table'

const SPACES_VIEWS = [
  { value: 'chart', label: 'Chart', icon: ChartColumn },
  { value: 'table', label: 'Table', icon: Table2 },
] as const

// A share of nothing sellable is no share at all.
const shareOrNone = (share: number, sellableHours: number) => (sellableHours > 0 ? formatShare(share) : <NoValue />)

export function UtilisationSection({ utilisation, showFacility }: { utilisation: Utilisation; showFacility: boolean }) {
  const [spacesView, setSpacesView] = useState<SpacesView>('chart')
  const { total } = utilisation
  return (
    <ReportSection
      id="report-utilisation"
      title="Utilisation"
      description="Booked hours ÷ sellable hours: operating hours less closures and changeovers."
    >
      <Figures
        label="Utilisation in the period"
        items={[
          {
            term: 'All hours',
            value: total.sellableHours > 0 ? formatShare(total.share) : '—',
            detail: `${formatHoursWithUnit(total.bookedHours)} of ${formatHoursWithUnit(total.sellableHours)}`,
          },
          {
            term: 'Prime time',
            value: total.primeSellableHours > 0 ? formatShare(total.primeShare) : '—',
            detail: `${formatHoursWithUnit(total.primeBookedHours)} of ${formatHoursWithUnit(total.primeSellableHours)}`,
          },
          {
            term: 'Non-prime',
            value: total.nonPrimeSellableHours > 0 ? formatShare(total.nonPrimeShare) : '—',
            detail: `${formatHoursWithUnit(total.nonPrimeBookedHours)} of ${formatHoursWithUnit(total.nonPrimeSellableHours)}`,
          },
        ]}
      />
      <div className="grid gap-3" role="group" aria-labelledby="report-spaces">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SubHeading id="report-spaces">By space</SubHeading>
          {utilisation.spaces.length > 0 ? (
            <ViewToggle label="Show utilisation by space as" views={SPACES_VIEWS} value={spacesView} onChange={setSpacesView} />
          ) : null}
        </div>
        {utilisation.spaces.length === 0 ? (
          <p className="text-sm text-muted-foreground">No spaces to report on.</p>
        ) : spacesView === 'chart' ? (
          <figure className="rounded-lg border p-2" aria-label="Utilisation by space, prime time and non-prime">
            <Suspense fallback={<Skeleton className="h-48 w-full" />}>
              <SpaceUtilisationChart spaces={utilisation.spaces} showFacility={showFacility} />
            </Suspense>
            <figcaption className="px-2 pt-1 text-xs text-muted-foreground">
              Share of sellable hours booked. The same numbers are in the table.
            </figcaption>
          </figure>
        ) : (
          <SpaceUtilisationTable spaces={utilisation.spaces} showFacility={showFacility} />
        )}
      </div>
      <div className="grid gap-3">
        <SubHeading id="report-heatmap">By weekday and hour</SubHeading>
        <UtilisationHeatmap cells={utilisation.heatmap} />
      </div>
    </ReportSection>
  )
}

function SpaceUtilisationTable({ spaces, showFacility }: { spaces: ReportSpace[]; showFacility: boolean }) {
  return (
    <ScrollTable label="Utilisation by space">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Utilisation by space, in hours</caption>
        <TableHead
          columns={[
            'Space',
            { label: 'Booked hours', align: 'right' },
            { label: 'Sellable hours', align: 'right' },
            { label: 'Utilisation', align: 'right' },
            { label: 'Prime booked', align: 'right' },
            { label: 'Prime utilisation', align: 'right' },
            { label: 'Non-prime booked', align: 'right' },
            { label: 'Non-prime utilisation', align: 'right' },
          ]}
        />
        <tbody>
          {spaces.map((space) => (
            <tr key={space.id} className="border-t align-top">
              <th scope="row" className={`${cell} text-left font-medium`}>
                {space.name}
                {showFacility ? <span className="block text-xs font-normal text-muted-foreground">{space.facilityName}</span> : null}
              </th>
              <td className={amountCell}>{formatReportHours(space.bookedHours)}</td>
              <td className={amountCell}>{formatReportHours(space.sellableHours)}</td>
              <td className={amountCell}>{shareOrNone(space.share, space.sellableHours)}</td>
              <td className={amountCell}>{formatReportHours(space.primeBookedHours)}</td>
              <td className={amountCell}>{shareOrNone(space.primeShare, space.primeSellableHours)}</td>
              <td className={amountCell}>{formatReportHours(space.nonPrimeBookedHours)}</td>
              <td className={amountCell}>{shareOrNone(space.nonPrimeShare, space.nonPrimeSellableHours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  )
}
