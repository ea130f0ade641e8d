import { stringify } from 'csv-stringify/sync'
import { currencyDigits, formatScaledInteger } from '@shared/billing/money'
import { describeScope } from '@shared/contracts/scope'
import {
  CLIENT_EXPORT_HEADERS,
  CONTRACT_EXPORT_HEADERS,
  EVENT_EXPORT_HEADERS,
  STATEMENT_EXPORT_HEADERS,
  USAGE_EXPORT_HEADERS,
} from '@shared/exports/headers'
import type { EventExportQuery, PeriodQuery } from '@shared/exports/schema'
import type { StatementContract, StatementResponse } from '@shared/exports/responses'
import { CONTRACT_STATUS_LABELS, EVENT_TYPE_LABELS } from '@shared/limits'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import type { Db } from '../../db/client'
import { logError } from '../../log'
import { getClient } from '../clients/service'
import { listContractGroups, listContractsOfClient } from '../contracts/service'
import { getFacility } from '../facilities/service'
import * as repository from './repository'

// CSV exports and client statements (docs/product.md#exports-and-statements, ADR 0067).

/**
 * Rows read per query: a 500,000-row export is 500 queries of a few ms. At 5,000 a page's rows
 * lived long enough that V8 began to allocate pg's rows in the old space (pretenuring), and the
 * app grew by 170 MB of garbage over such an export (docs/benchmarks.md, 'Exports').
 */
export const EXPORT_PAGE_SIZE = 1_000

export type CsvExport = { filename: string; body: ReadableStream<Uint8Array> }

/**
 * The CSV of `pages` as a byte stream: a UTF-8 byte order mark (spreadsheets then read accented
 * names right), the stable header row, and every field that starts with =, +, -, @, a tab or a
 * carriage return prefixed with ' (csv-stringify's escape_formulas, as OWASP advises against
 * formula injection). The stream is pulled: the next page is read from the database only when the
 * response has taken the text before it (with one page's text ready ahead), so a slow download
 * holds a page or two, never the export.
 *
 * Each page is written as CSV in one synchronous pass (csv-stringify's sync API) the moment it
 * arrives, so its rows die young: written row by row through a Node stream, a page lived across
 * many writes to the socket, its rows survived V8's young-generation collections into the old
 * space, and the app's memory grew by 190 MB of garbage over a 500,000-row export before a full
 * collection took it back (docs/benchmarks.md, 'Exports').
 */
function csvStream(headers: readonly string[], nextPage: NextPage, what: string): ReadableStream<Uint8Array> {
  const options = { columns: [...headers], escape_formulas: true, record_delimiter: 'windows' } as const
  let isFirst = true
  let isCancelled = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            const records = await nextPage()
            if (isCancelled) return
            // The header (after the byte order mark) goes with the first page, even an empty one.
            if (records === null && !isFirst) return controller.close()
            // csv-stringify's sync API reads its input with for…of (lib/sync.js); its types say an array.
            const text = stringify((records ?? []) as unknown[][], { ...options, header: isFirst, bom: isFirst })
            isFirst = false
            if (text !== '') controller.enqueue(Buffer.from(text, 'utf8'))
            if (records === null) return controller.close()
            if (text !== '') return
          }
        } catch (error) {
          // The answer has started, so its status cannot change: the download breaks off, and it is logged.
          logError(`The ${what} export failed`, error)
          controller.error(error)
        }
      },
      cancel() {
        // The client went away: a page being read is the last.
        isCancelled = true
      },
    },
    { highWaterMark: 1 },
  )
}

/** The records of the next page, or null after the last. */
type NextPage = () => Promise<Iterable<unknown[]> | null>

/**
 * The pages of a keyset-paged read: `first` is read by the caller before the answer starts (so a
 * failing query is still an error status), the rest a page at a time, each after the last row of
 * the one before. Only that row is kept between pages, so a page's rows are garbage once written.
 */
function keysetPages<Row>(
  first: Row[],
  readAfter: (last: Row) => Promise<Row[]>,
  toRecord: (row: Row) => unknown[],
  pageSize: number,
): NextPage {
  let firstPage: Row[] | null = first
  let last: Row | null = null
  let isDone = false
  return async () => {
    if (isDone) return null
    const page: Row[] = firstPage ?? (await readAfter(last!))
    firstPage = null
    last = page[page.length - 1] ?? null
    isDone = page.length < pageSize
    return recordsOf(page, toRecord)
  }
}

/**
 * Each row's record made only when the stringifier reaches it, so a record is garbage as soon as
 * its line is written. Made for a whole page at once, the records all lived through the page's
 * writing; V8 saw them survive its young-generation collections, allocated them in the old space
 * from then on (allocation-site pretenuring), and the app grew by 150 MB over a 500,000-row export
 * until a full collection (docs/benchmarks.md, 'Exports').
 */
function* recordsOf<Row>(page: Row[], toRecord: (row: Row) => unknown[]): Generator<unknown[]> {
  for (const row of page) yield toRecord(row)
}

/** Records already in memory (an organisation's contracts, a client's statement), as one page. */
function onePage(records: unknown[][]): NextPage {
  let isDone = false
  return async () => {
    if (isDone) return null
    isDone = true
    return records
  }
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

/* ---------- events ---------- */

const eventCursor = (row: repository.EventExportRow): repository.EventCursor => ({
  localDate: row.cursor_date,
  startTime: row.cursor_start,
  roomId: row.room_id,
})

function eventRecord(row: repository.EventExportRow): unknown[] {
  return [
    row.date,
    row.start,
    row.end_date,
    row.end,
    row.time_zone,
    row.facility_name,
    row.space_name,
    // A booking split at midnight is one row, under the title the operator typed.
    row.event_group_id === null ? row.title : stripSplitSuffix(row.title),
    EVENT_TYPE_LABELS[row.event_type] ?? row.event_type,
    row.client_name,
    row.team1_name,
    row.team2_name,
    row.change_room1_name,
    row.change_room2_name,
    row.hours,
    row.id,
  ]
}

/** 'Export events': the bookings whose local date is in the period, in one facility or all. */
export async function exportEvents(
  db: Db,
  organisationId: string,
  query: EventExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<CsvExport> {
  // Another organisation's facility is not found, like a missing one.
  if (query.facilityId !== 'all') await getFacility(db, organisationId, query.facilityId)
  const read = (after: repository.EventCursor | null) => repository.readEventPage(db, organisationId, query, after, pageSize)
  const first = await read(null)
  const nextPage = keysetPages(first, (last) => read(eventCursor(last)), eventRecord, pageSize)
  return { filename: `events-${query.from}-to-${query.to}.csv`, body: csvStream(EVENT_EXPORT_HEADERS, nextPage, 'events') }
}

/* ---------- clients ---------- */

function clientRecord(row: repository.ClientExportRow): unknown[] {
  return [
    row.name,
    row.email,
    row.phone,
    row.secondary_phone,
    row.company,
    row.address,
    row.city,
    row.province_state,
    row.postal_code,
    row.country,
    row.website,
    row.notes,
    yesNo(row.email_confirmations),
    row.created,
    row.id,
  ]
}

export async function exportClients(db: Db, organisationId: string, today: string, pageSize = EXPORT_PAGE_SIZE): Promise<CsvExport> {
  const read = (after: repository.ClientCursor | null) => repository.readClientPage(db, organisationId, after, pageSize)
  const first = await read(null)
  const nextPage = keysetPages(first, (last) => read({ name: last.name, id: last.id }), clientRecord, pageSize)
  return { filename: `clients-${today}.csv`, body: csvStream(CLIENT_EXPORT_HEADERS, nextPage, 'clients') }
}

/* ---------- contracts ---------- */

/**
 * Every contract, by client, with its hours as the contracts page shows them (the contracts
 * service owns hours used, ADR 0014). An organisation has contracts by the hundred, not the
 * hundred thousand, so they are read at once and streamed out like the rest.
 */
export async function exportContracts(db: Db, organisationId: string, today: string): Promise<CsvExport> {
  const [groups, currency] = await Promise.all([listContractGroups(db, organisationId), repository.readCurrency(db, organisationId)])
  function* records() {
    for (const { client, contracts } of groups) {
      for (const contract of contracts) {
        const remaining = toHundredths(contract.totalHours) - toHundredths(contract.hoursUsed)
        yield [
          client.name,
          contract.name,
          contract.startDate,
          contract.endDate,
          CONTRACT_STATUS_LABELS[contract.status as keyof typeof CONTRACT_STATUS_LABELS] ?? contract.status,
          contract.totalHours,
          contract.hoursUsed,
          formatHours(remaining),
          contract.prepaidPriceMinor === null ? null : formatMinor(contract.prepaidPriceMinor, currency),
          contract.prepaidPriceMinor === null ? null : currency,
          describeScope(contract),
          client.id,
          contract.id,
        ]
      }
    }
  }
  return { filename: `contracts-${today}.csv`, body: csvStream(CONTRACT_EXPORT_HEADERS, onePage([...records()]), 'contracts') }
}

// A price in minor units as the currency's decimals ('1234.56'), as the receivables export writes it.
const formatMinor = (minor: number, currency: string) => formatScaledInteger(minor, currencyDigits(currency))

/* ---------- the usage ledger ---------- */

function usageRecord(row: repository.UsageExportRow): unknown[] {
  return [
    row.date,
    row.client_name,
    row.contract_name,
    row.hours,
    row.description,
    row.event_title,
    row.space_name,
    row.facility_name,
    row.time_zone,
    row.contract_id,
    row.schedule_id,
  ]
}

export async function exportUsage(db: Db, organisationId: string, period: PeriodQuery, pageSize = EXPORT_PAGE_SIZE): Promise<CsvExport> {
  const read = (after: repository.UsageCursor | null) => repository.readUsagePage(db, organisationId, period, after, pageSize)
  const first = await read(null)
  const nextPage = keysetPages(first, (last) => read({ usageDate: last.date, id: last.id }), usageRecord, pageSize)
  return { filename: `usage-${period.from}-to-${period.to}.csv`, body: csvStream(USAGE_EXPORT_HEADERS, nextPage, 'usage') }
}

/* ---------- a client's statement ---------- */

// Hours as whole hundredths, so a running balance is exact: '12.50' is 1250.
function toHundredths(hours: string): number {
  const negative = hours.startsWith('-')
  const [whole = '0', fraction = ''] = hours.replace('-', '').split('.')
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))
  return negative ? -value : value
}

const formatHours = (hundredths: number) => formatScaledInteger(hundredths, 2)

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

type StatementDetail = { statement: StatementResponse; localTimes: Map<object, { start: string | null; end: string | null }> }

async function buildStatement(db: Db, organisation: { id: string; name: string }, clientId: string, period: PeriodQuery, now: Date) {
  // Another organisation's client is not found, like a missing one.
  const { client } = await getClient(db, organisation.id, clientId)
  const [contracts, lines, later, uncharged] = await Promise.all([
    listContractsOfClient(db, organisation.id, clientId),
    repository.readStatementLines(db, organisation.id, clientId, period),
    repository.sumUsageAfter(db, organisation.id, clientId, period.to),
    repository.readUnchargedBookings(db, organisation.id, clientId, period),
  ])
  const laterByContract = new Map(later.map((row) => [row.contract_id, toHundredths(row.hours)]))
  const localTimes: StatementDetail['localTimes'] = new Map()

  // The contracts that ran in the period or charged anything in it, the earliest first.
  const statementContracts: StatementContract[] = contracts
    .filter(
      (contract) =>
        lines.some((line) => line.contract_id === contract.id) ||
        (contract.startDate <= period.to && (contract.endDate === null || contract.endDate >= period.from)),
    )
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.name.localeCompare(b.name)))
    .map((contract) => {
      const own = lines.filter((line) => line.contract_id === contract.id)
      const inPeriod = own.reduce((sum, line) => sum + toHundredths(line.hours), 0)
      // Hours used now, less what is dated in the period and after it: what was used before it.
      const openingUsed = toHundredths(contract.hoursUsed) - inPeriod - (laterByContract.get(contract.id) ?? 0)
      const total = toHundredths(contract.totalHours)
      let remaining = total - openingUsed
      const statementLines = own.map((line) => {
        remaining -= toHundredths(line.hours)
        const entry = {
          date: line.date,
          kind: line.schedule_id === null ? ('usage' as const) : ('booking' as const),
          description: line.description ?? line.title ?? '',
          spaceName: line.space_name,
          start: isoOf(line.start_time),
          end: isoOf(line.end_time),
          timeZone: line.time_zone,
          hours: formatHours(toHundredths(line.hours)),
          remainingHours: formatHours(remaining),
        }
        localTimes.set(entry, { start: line.local_start, end: line.local_end })
        return entry
      })
      return {
        id: contract.id,
        name: contract.name,
        startDate: contract.startDate,
        endDate: contract.endDate,
        totalHours: formatHours(total),
        openingUsedHours: formatHours(openingUsed),
        openingRemainingHours: formatHours(total - openingUsed),
        lines: statementLines,
        closingRemainingHours: formatHours(remaining),
      }
    })

  const statement: StatementResponse = {
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      company: client.company,
      address: client.address,
      city: client.city,
      provinceState: client.provinceState,
      postalCode: client.postalCode,
      country: client.country,
    },
    period: { from: period.from, to: period.to },
    organisation: { name: organisation.name },
    generatedAt: now.toISOString(),
    contracts: statementContracts,
    uncharged: uncharged.map((row) => {
      const entry = {
        date: row.date,
        title: row.title,
        spaceName: row.space_name,
        start: isoOf(row.start_time)!,
        end: isoOf(row.end_time)!,
        timeZone: row.time_zone,
        hours: formatHours(Math.round((new Date(row.end_time).getTime() - new Date(row.start_time).getTime()) / 36_000)),
      }
      localTimes.set(entry, { start: row.local_start, end: row.local_end })
      return entry
    }),
  }
  return { statement, localTimes }
}

/**
 * 'Client Statement': for each of the client's contracts, its balance when the period opens,
 * every booking charged and every hour logged in it with what remains after each, and its balance
 * when the period closes; then the client's bookings in the period that no contract paid for.
 */
export async function getStatement(
  db: Db,
  organisation: { id: string; name: string },
  clientId: string,
  period: PeriodQuery,
  now = new Date(),
) {
  return (await buildStatement(db, organisation, clientId, period, now)).statement
}

/** The statement as CSV: times on each facility's clock ('YYYY-MM-DD HH:MM'), with the zone named. */
export async function exportStatement(
  db: Db,
  organisation: { id: string; name: string },
  clientId: string,
  period: PeriodQuery,
): Promise<CsvExport> {
  const { statement, localTimes } = await buildStatement(db, organisation, clientId, period, new Date())
  function* records() {
    for (const contract of statement.contracts) {
      yield [contract.name, period.from, 'Opening balance', null, null, null, null, null, null, contract.openingRemainingHours]
      for (const line of contract.lines) {
        const local = localTimes.get(line)
        yield [
          contract.name,
          line.date,
          line.kind === 'booking' ? 'Booking' : 'Usage',
          line.description,
          line.spaceName,
          local?.start ?? null,
          local?.end ?? null,
          line.timeZone,
          line.hours,
          line.remainingHours,
        ]
      }
      yield [contract.name, period.to, 'Closing balance', null, null, null, null, null, null, contract.closingRemainingHours]
    }
    for (const booking of statement.uncharged) {
      const local = localTimes.get(booking)
      yield [
        null,
        booking.date,
        'Not charged',
        booking.title,
        booking.spaceName,
        local?.start,
        local?.end,
        booking.timeZone,
        booking.hours,
        null,
      ]
    }
  }
  // A header carries ASCII only: the client's name without its accents, the rest as dashes.
  const name =
    statement.client.name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'client'
  return {
    filename: `statement-${name}-${period.from}-to-${period.to}.csv`,
    body: csvStream(STATEMENT_EXPORT_HEADERS, onePage([...records()]), 'statement'),
  }
}
