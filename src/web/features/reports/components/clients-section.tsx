import { Fragment } from 'react'
import { Link } from 'react-router'
import type { ReportResponse } from '@shared/reports/responses'
import { amountCell, cell, NoValue, ScrollTable, TableHead } from '@web/components/scroll-table'
import { formatCalendarDay } from '@web/lib/datetime'
import { formatReportHours } from '../numbers'
import { ReportSection, SubHeading } from './report-parts'
import { REPORT_LIMITS } from '@shared/reports/limits'

type Clients = ReportResponse['clients']

const clientLink = 'text-primary underline-offset-4 hover:underline'

export function ClientsSection({ clients }: { clients: Clients }) {
  return (
    <ReportSection id="report-clients" title="Clients" description="Hours booked per client in the period, and each contract's balance.">
      <div className="grid gap-3">
        <SubHeading id="report-running-out">Running out within {REPORT_LIMITS.runningOutWeeks} weeks</SubHeading>
        {clients.runningOut.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No contract runs out within {REPORT_LIMITS.runningOutWeeks} weeks at its current pace.
          </p>
        ) : (
          <ScrollTable label="Contracts running out">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">
                Contracts that run out within {REPORT_LIMITS.runningOutWeeks} weeks at the pace of the last {REPORT_LIMITS.paceDays} days
              </caption>
              <TableHead
                columns={[
                  'Contract',
                  'Client',
                  { label: 'Remaining hours', align: 'right' },
                  { label: 'Hours a week', align: 'right' },
                  'Runs out on',
                ]}
              />
              <tbody>
                {clients.runningOut.map((contract) => (
                  <tr key={contract.contractId} className="border-t align-top">
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {contract.contractName}
                    </th>
                    <td className={cell}>
                      <Link to={`/clients/${contract.clientId}`} className={clientLink}>
                        {contract.clientName}
                      </Link>
                    </td>
                    <td className={amountCell}>{formatReportHours(contract.remainingHours)}</td>
                    <td className={amountCell}>{formatReportHours(contract.weeklyPaceHours)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{formatCalendarDay(contract.runsOutOn)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </div>
      <div className="grid gap-3">
        <SubHeading id="report-client-hours">Hours by client and contract</SubHeading>
        {clients.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No client booked ice or used contract hours in this period.</p>
        ) : (
          <ScrollTable label="Hours by client and contract">
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">Hours booked per client, and each of its contracts' hours</caption>
              <TableHead
                columns={[
                  'Client or contract',
                  { label: 'Booked hours', align: 'right' },
                  { label: 'Used in period', align: 'right' },
                  { label: 'Used in all', align: 'right' },
                  { label: 'Remaining', align: 'right' },
                  'Ends',
                ]}
              />
              <tbody>
                {clients.rows.map((row) => (
                  <Fragment key={row.clientId}>
                    <tr className="border-t bg-muted/20 align-top">
                      <th scope="row" className={`${cell} text-left font-semibold`}>
                        <Link to={`/clients/${row.clientId}`} className={clientLink}>
                          {row.clientName}
                        </Link>
                      </th>
                      <td className={`${amountCell} font-semibold`}>{formatReportHours(row.bookedHours)}</td>
                      <td className={amountCell} colSpan={4}>
                        {row.contracts.length === 0 ? <span className="text-muted-foreground">No contract</span> : null}
                      </td>
                    </tr>
                    {row.contracts.map((contract) => (
                      <tr key={contract.contractId} className="border-t align-top">
                        <th scope="row" className={`${cell} pl-8 text-left font-normal`}>
                          {contract.name}
                          <span className="block text-xs text-muted-foreground">of {formatReportHours(contract.totalHours)} hours</span>
                        </th>
                        <td className={amountCell}>
                          <NoValue />
                        </td>
                        <td className={amountCell}>{formatReportHours(contract.usedInPeriodHours)}</td>
                        <td className={amountCell}>{formatReportHours(contract.usedHours)}</td>
                        <td className={amountCell}>{formatReportHours(contract.remainingHours)}</td>
                        <td className={`${cell} whitespace-nowrap`}>
                          {contract.endDate ? formatCalendarDay(contract.endDate) : <NoValue />}
                        </td>
                      </tr>
                    ))}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </div>
    </ReportSection>
  )
}
