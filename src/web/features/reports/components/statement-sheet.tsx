import type { StatementContract, StatementResponse } from '@shared/exports/responses'
import { amountCell, cell, NoValue, ScrollTable, TableHead } from '@web/components/scroll-table'
import { formatHours } from '@web/features/contracts'
import { formatCalendarDay, formatDateTime, formatTimeRange } from '@web/lib/datetime'

type Uncharged = StatementResponse['uncharged'][number]

/**
 * A client's statement as one printable sheet (PrintablePage): each contract's lines in the period
 * with the hours left after each, between its opening and closing balance, then the bookings no
 * contract was charged for.
 */
export function StatementSheet({ statement }: { statement: StatementResponse }) {
  const { client } = statement
  const addressLines = [
    client.company,
    client.address,
    [client.city, client.provinceState, client.postalCode].filter(Boolean).join(', '),
    client.country,
    client.email,
  ].filter(Boolean)
  return (
    <article className="print-sheet mx-auto grid max-w-4xl gap-8 rounded-lg border bg-background p-4 shadow-sm sm:p-10">
      <header className="print-keep flex flex-wrap items-start justify-between gap-6">
        <p className="text-lg font-semibold">{statement.organisation.name}</p>
        <div className="sm:text-right">
          <h1 className="text-2xl font-bold tracking-tight">Client Statement</h1>
          <p className="text-sm">
            {formatCalendarDay(statement.period.from)} – {formatCalendarDay(statement.period.to)}
          </p>
        </div>
      </header>
      <div className="print-keep grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="statement-client">
          <h2 id="statement-client" className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Client
          </h2>
          <p className="font-medium">{client.name}</p>
          {addressLines.map((line) => (
            <p key={line} className="text-sm">
              {line}
            </p>
          ))}
        </section>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 text-sm sm:justify-self-end">
          <dt className="text-muted-foreground">Contracts</dt>
          <dd>{statement.contracts.length}</dd>
          <dt className="text-muted-foreground">Generated</dt>
          <dd>{formatDateTime(statement.generatedAt)}</dd>
        </dl>
      </div>
      {statement.contracts.length === 0 && statement.uncharged.length === 0 ? (
        <p className="text-sm text-muted-foreground">No contract hours and no bookings in this period.</p>
      ) : null}
      {statement.contracts.map((contract) => (
        <ContractLines key={contract.id} contract={contract} />
      ))}
      {statement.uncharged.length > 0 ? <UnchargedBookings bookings={statement.uncharged} /> : null}
    </article>
  )
}

function ContractLines({ contract }: { contract: StatementContract }) {
  const headingId = `statement-contract-${contract.id}`
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="print-keep">
        <h2 id={headingId} className="text-lg font-semibold">
          {contract.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {formatHours(contract.totalHours)} hours, from {formatCalendarDay(contract.startDate)}
          {contract.endDate ? ` to ${formatCalendarDay(contract.endDate)}` : ''}
        </p>
      </div>
      <ScrollTable label={`${contract.name}: lines`}>
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">{contract.name}: hours charged in the period and the hours left after each</caption>
          <TableHead
            columns={['Date', 'Description', 'Space and time', { label: 'Hours', align: 'right' }, { label: 'Remaining', align: 'right' }]}
          />
          <tbody>
            <tr className="print-keep border-t bg-muted/20">
              <th scope="row" colSpan={4} className={`${cell} text-left font-medium`}>
                Opening balance
              </th>
              <td className={amountCell}>{formatHours(contract.openingRemainingHours)}</td>
            </tr>
            {contract.lines.map((line, index) => (
              <tr key={index} className="print-keep border-t align-top">
                <td className={`${cell} whitespace-nowrap`}>{formatCalendarDay(line.date)}</td>
                <td className={cell}>
                  {line.description}
                  {line.kind === 'usage' ? <span className="block text-xs text-muted-foreground">Hours logged</span> : null}
                </td>
                <td className={cell}>
                  {line.spaceName ?? <NoValue />}
                  {line.start && line.end ? (
                    <span className="block text-xs text-muted-foreground">
                      {formatTimeRange(line.start, line.end, line.timeZone ?? undefined)}
                    </span>
                  ) : null}
                </td>
                <td className={amountCell}>{formatHours(line.hours)}</td>
                <td className={amountCell}>{formatHours(line.remainingHours)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 font-semibold">
            <tr className="print-keep">
              <th scope="row" colSpan={4} className={`${cell} text-left`}>
                Closing balance
              </th>
              <td className={amountCell}>{formatHours(contract.closingRemainingHours)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollTable>
    </section>
  )
}

function UnchargedBookings({ bookings }: { bookings: Uncharged[] }) {
  return (
    <section aria-labelledby="statement-uncharged" className="grid gap-2">
      <h2 id="statement-uncharged" className="print-keep text-lg font-semibold">
        Bookings not charged to a contract
      </h2>
      <ScrollTable label="Bookings not charged to a contract">
        <table className="w-full min-w-[36rem] text-sm">
          <TableHead columns={['Date', 'Booking', 'Space and time', { label: 'Hours', align: 'right' }]} />
          <tbody>
            {bookings.map((booking, index) => (
              <tr key={index} className="print-keep border-t align-top">
                <td className={`${cell} whitespace-nowrap`}>{formatCalendarDay(booking.date)}</td>
                <td className={cell}>{booking.title}</td>
                <td className={cell}>
                  {booking.spaceName}
                  <span className="block text-xs text-muted-foreground">
                    {formatTimeRange(booking.start, booking.end, booking.timeZone)}
                  </span>
                </td>
                <td className={amountCell}>{formatHours(booking.hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  )
}
