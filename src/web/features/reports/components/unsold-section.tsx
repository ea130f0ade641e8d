import type { ReportResponse } from '@shared/reports/responses'
import { amountCell, cell, ScrollTable, TableHead } from '@web/components/scroll-table'
import { formatSpan } from '@web/lib/datetime'
import { formatHoursWithUnit, formatReportHours } from '../numbers'
import { Figures, ReportSection, SubHeading } from './report-parts'

type Unsold = ReportResponse['unsold']
type Facilities = ReportResponse['facilities']

export function UnsoldSection({ unsold, facilities }: { unsold: Unsold; facilities: Facilities }) {
  // A release is shown on its facility's clock, as every schedule is.
  const zoneOf = (facilityName: string) => facilities.find((facility) => facility.name === facilityName)?.timeZone
  return (
    <ReportSection
      id="report-unsold"
      title="Unsold ice"
      description="Ice released back to the venue, what was sold again, and prime time left empty."
    >
      <Figures
        label="Unsold ice in the period"
        items={[
          { term: 'Released', value: formatHoursWithUnit(unsold.releasedHours) },
          { term: 'Resold', value: formatHoursWithUnit(unsold.resoldHours) },
          { term: 'Prime time left empty', value: formatHoursWithUnit(unsold.primeEmptyHours) },
        ]}
      />
      <div className="grid gap-3">
        <SubHeading id="report-releases">Releases</SubHeading>
        {unsold.releases.length === 0 ? (
          <p className="text-sm text-muted-foreground">No ice was released in this period.</p>
        ) : (
          <ScrollTable label="Releases">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Ice released in the period, newest first</caption>
              <TableHead
                columns={['When', 'Space', { label: 'Released hours', align: 'right' }, { label: 'Resold hours', align: 'right' }]}
              />
              <tbody>
                {unsold.releases.map((release) => (
                  <tr key={`${release.spaceName}-${release.start}-${release.end}`} className="border-t align-top">
                    <td className={cell}>{formatSpan(release.start, release.end, zoneOf(release.facilityName))}</td>
                    <td className={cell}>
                      {release.spaceName}
                      <span className="block text-xs text-muted-foreground">{release.facilityName}</span>
                    </td>
                    <td className={amountCell}>{formatReportHours(release.hours)}</td>
                    <td className={amountCell}>{formatReportHours(release.resoldHours)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </div>
    </ReportSection>
  )
}
