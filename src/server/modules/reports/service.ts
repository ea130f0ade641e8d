import type { ReportQuery } from '@shared/reports/schema'
import type { HeatmapCell, ReportClientRow, ReportResponse, ReportSpace, RunningOutContract } from '@shared/reports/responses'
import { addCalendarDays, weekdayOf } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, localDayRange, todayInZone } from '@shared/scheduling/local-day'
import { formatTimeOfDay, parseClosingTime, parseTimeOfDay } from '@shared/scheduling/time-of-day'
import type { Db } from '../../db/client'
import { notFound } from '../../errors'
import * as repository from './repository'
import { REPORT_LIMITS } from '@shared/reports/limits'

// The Reports page (docs/product.md#reports, ADR 0066): utilisation of each sheet, the week's
// heatmap, clients and their contracts, released and resold ice. The database sums the bookings
// (repository.sumBookings, whole months from the roll-up); what is computed here is per sheet and
// per day, never per booking, except the few bookings the clocks change under, measured here exactly.

const MS_PER_MINUTE = 60_000
const MINUTES_PER_DAY = 24 * 60
const CELLS = 7 * 24

/* ---------- a local day on a facility's clock ---------- */

interface LocalDay {
  date: string
  /** 0 is Monday */
  weekday: number
  isWeekend: boolean
  start: number
  end: number
  /** 24 hours long: every wall-clock minute is a real one, so instants are minutes from midnight. */
  isRegular: boolean
  /** The instants at which each hour of the wall clock starts, and the day's end (25). */
  hourStarts: number[]
}

// A report reads each day of its period on each facility's clock; a year of days is kept per zone.
const MAX_KEPT_DAYS = 20_000
const keptDays = new Map<string, LocalDay>()

function localDay(date: string, timeZone: string): LocalDay {
  const key = `${timeZone}|${date}`
  const kept = keptDays.get(key)
  if (kept) return kept
  const { start, end } = localDayRange(date, timeZone)
  const startMs = start.getTime()
  const endMs = end.getTime()
  const isRegular = endMs - startMs === MINUTES_PER_DAY * MS_PER_MINUTE
  const hourStarts = Array.from({ length: 25 }, (_, hour) =>
    hour === 24
      ? endMs
      : isRegular
        ? startMs + hour * 60 * MS_PER_MINUTE
        : combineLocalDateTime(date, formatTimeOfDay(hour * 60), timeZone).getTime(),
  )
  const sundayFirst = weekdayOf(date)
  const day = {
    date,
    weekday: (sundayFirst + 6) % 7,
    isWeekend: sundayFirst === 0 || sundayFirst === 6,
    start: startMs,
    end: endMs,
    isRegular,
    hourStarts,
  }
  if (keptDays.size >= MAX_KEPT_DAYS) keptDays.clear()
  keptDays.set(key, day)
  return day
}

/** The instant the wall clock reads `minutes` (0 to 1440) on `day`. */
function instantAt(day: LocalDay, minutes: number, timeZone: string): number {
  if (minutes >= MINUTES_PER_DAY) return day.end
  if (day.isRegular) return day.start + minutes * MS_PER_MINUTE
  return combineLocalDateTime(day.date, formatTimeOfDay(minutes), timeZone).getTime()
}

function overlapMs(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart))
}

/* ---------- the sums ---------- */

/** Minutes of one sheet, or of all: booked and sellable, each with its prime part. */
class Tally {
  booked = 0
  bookedPrime = 0
  sellable = 0
  sellablePrime = 0
}

interface Facility {
  id: string
  name: string
  timeZone: string
  prime: { weekday: [number, number]; weekend: [number, number] }
  days: LocalDay[]
}

interface Sheet {
  id: string
  name: string
  facility: Facility
  operating: [number, number]
  parts: string[]
  tally: Tally
}

interface Space {
  id: string
  name: string
  parentId: string | null
  sheet: Sheet
  /** Its share of its sheet: a half is 0.5, a quarter 0.25. */
  weight: number
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100
const share = (booked: number, sellable: number) => (sellable > 0 ? Math.round((booked / sellable) * 10_000) / 10_000 : 0)

function utilisationOf(tally: Tally) {
  const nonPrimeBooked = tally.booked - tally.bookedPrime
  const nonPrimeSellable = tally.sellable - tally.sellablePrime
  return {
    bookedHours: hours(tally.booked),
    sellableHours: hours(tally.sellable),
    share: share(tally.booked, tally.sellable),
    primeBookedHours: hours(tally.bookedPrime),
    primeSellableHours: hours(tally.sellablePrime),
    primeShare: share(tally.bookedPrime, tally.sellablePrime),
    nonPrimeBookedHours: hours(nonPrimeBooked),
    nonPrimeSellableHours: hours(nonPrimeSellable),
    nonPrimeShare: share(nonPrimeBooked, nonPrimeSellable),
  }
}

/**
 * GET /api/reports. Another organisation's facility is a 404. `now` fixes 'today' (the pace of
 * each contract) in the zone of the first facility reported on.
 */
export async function buildReport(db: Db, organisationId: string, query: ReportQuery, now: Date): Promise<ReportResponse> {
  const { from, to } = query
  const facilityRows = await repository.listFacilities(db, organisationId, query.facilityId === 'all' ? null : query.facilityId)
  if (query.facilityId !== 'all' && facilityRows.length === 0) throw notFound('Facility')

  const facilities: Facility[] = facilityRows.map((row) => {
    const days: LocalDay[] = []
    for (let date = from; date <= to; date = addCalendarDays(date, 1)) days.push(localDay(date, row.time_zone))
    return {
      id: row.id,
      name: row.name,
      timeZone: row.time_zone,
      prime: {
        weekday: [parseTimeOfDay(row.prime_weekday_start), parseClosingTime(row.prime_weekday_end)],
        weekend: [parseTimeOfDay(row.prime_weekend_start), parseClosingTime(row.prime_weekend_end)],
      },
      days,
    }
  })
  const facilityById = new Map(facilities.map((facility) => [facility.id, facility]))
  const spaceRows = facilities.length > 0 ? await repository.listSpaces(db, organisationId, [...facilityById.keys()]) : []
  const spaces = spacesOf(spaceRows, facilityById)
  const sheets = [...new Set([...spaces.values()].map((space) => space.sheet))]

  const today = facilities.length > 0 ? todayInZone(facilities[0]!.timeZone, now) : now.toISOString().slice(0, 10)
  const paceDays = REPORT_LIMITS.paceDays
  const periodStart = Math.min(...facilities.map((facility) => facility.days[0]!.start))
  const periodEnd = Math.max(...facilities.map((facility) => facility.days.at(-1)!.end))
  const roomIds = [...spaces.keys()]
  const frames = [...spaces.values()].map(frameOf)

  const [sums, clockChangeBookings, closures, contracts, releases] = await Promise.all([
    frames.length > 0 ? repository.sumBookings(db, organisationId, { period: rollUpPeriodOf(from, to), frames }) : [],
    repository.listClockChangeBookings(db, organisationId, roomIds, from, to),
    facilities.length > 0
      ? repository.listClosures(db, organisationId, [...facilityById.keys()], new Date(periodStart), new Date(periodEnd))
      : [],
    repository.listContracts(db, organisationId, {
      from,
      to,
      paceFrom: addCalendarDays(today, -paceDays),
      paceTo: addCalendarDays(today, -1),
    }),
    roomIds.length > 0 && facilities.length > 0
      ? repository.listReleases(db, organisationId, roomIds, new Date(periodStart), new Date(periodEnd))
      : [],
  ])

  const cellBooked = new Float64Array(CELLS)
  const cellSellable = new Float64Array(CELLS)
  addOperatingHours(sheets, cellSellable)
  subtractClosures(closures, spaces, facilityById, cellSellable)

  // The database's sums: per space (weighed here), per cell (weighed there) and per client.
  const clientMinutes = new Map<string, number>()
  for (const row of sums) {
    if (row.set === 'room') {
      const space = spaces.get(row.room_id!)
      if (!space) continue
      const { tally } = space.sheet
      tally.booked += Number(row.booked ?? 0) * space.weight
      tally.bookedPrime += Number(row.booked_prime ?? 0) * space.weight
      tally.sellable -= Number(row.changeover ?? 0) * space.weight
      tally.sellablePrime -= Number(row.changeover_prime ?? 0) * space.weight
    } else if (row.set === 'cell') {
      const cell = Number(row.weekday) * 24 + Number(row.hour)
      cellBooked[cell] = cellBooked[cell]! + Number(row.booked_weighted ?? 0)
      cellSellable[cell] = cellSellable[cell]! - Number(row.changeover_weighted ?? 0)
    } else {
      clientMinutes.set(row.client_id!, Number(row.booked ?? 0))
    }
  }
  // The bookings the clocks change under, one by one, on the same hours as the sellable time.
  for (const row of clockChangeBookings) {
    const space = spaces.get(row.room_id)
    if (!space) continue
    const start = new Date(row.start_time).getTime()
    const end = new Date(row.end_time).getTime()
    measureDayBooking(space, row.local_date, start, end, row.changeover_minutes, cellBooked, cellSellable)
    if (row.client_id) clientMinutes.set(row.client_id, (clientMinutes.get(row.client_id) ?? 0) + (end - start) / MS_PER_MINUTE)
  }

  const total = new Tally()
  for (const sheet of sheets) {
    total.booked += sheet.tally.booked
    total.bookedPrime += sheet.tally.bookedPrime
    total.sellable += sheet.tally.sellable
    total.sellablePrime += sheet.tally.sellablePrime
  }
  const heatmap: HeatmapCell[] = []
  for (let cell = 0; cell < CELLS; cell++) {
    const sellable = cellSellable[cell]!
    if (hours(sellable) <= 0) continue
    heatmap.push({
      weekday: Math.floor(cell / 24),
      hour: cell % 24,
      bookedHours: hours(cellBooked[cell]!),
      sellableHours: hours(sellable),
      share: share(cellBooked[cell]!, sellable),
    })
  }
  const reportSpaces: ReportSpace[] = sheets.map((sheet) => ({
    id: sheet.id,
    name: sheet.name,
    facilityId: sheet.facility.id,
    facilityName: sheet.facility.name,
    parts: sheet.parts,
    ...utilisationOf(sheet.tally),
  }))

  const clientIds = new Set([...clientMinutes.keys(), ...contracts.map((contract) => contract.client_id)])
  const names = new Map((await repository.listClientNames(db, organisationId, [...clientIds])).map((row) => [row.id, row.name]))
  return {
    period: { from, to },
    facilities: facilities.map(({ id, name, timeZone }) => ({ id, name, timeZone })),
    utilisation: { total: utilisationOf(total), spaces: reportSpaces, heatmap },
    clients: clientsOf(clientMinutes, contracts, names, today),
    unsold: {
      ...releasesOf(releases, spaces),
      primeEmptyHours: hours(Math.max(0, total.sellablePrime - total.bookedPrime)),
    },
  }
}

/* ---------- sheets and their parts ---------- */

function spacesOf(rows: repository.SpaceRow[], facilityById: Map<string, Facility>): Map<string, Space> {
  const children = new Map<string, repository.SpaceRow[]>()
  for (const row of rows) {
    if (row.parent_id) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row])
  }
  const spaces = new Map<string, Space>()
  // Down from each sheet: each part is an equal share of its whole, and a part's part of that.
  const visit = (row: repository.SpaceRow, sheet: Sheet, weight: number) => {
    spaces.set(row.id, { id: row.id, name: row.name, parentId: row.parent_id, sheet, weight })
    const parts = children.get(row.id) ?? []
    for (const part of parts) visit(part, sheet, weight / parts.length)
  }
  for (const row of rows) {
    if (row.parent_id !== null || row.type === 'change_room') continue
    const sheet: Sheet = {
      id: row.id,
      name: row.name,
      facility: facilityById.get(row.facility_id)!,
      operating: [parseTimeOfDay(row.operating_start), parseClosingTime(row.operating_end)],
      parts: (children.get(row.id) ?? []).map((part) => part.name),
      tally: new Tally(),
    }
    visit(row, sheet, 1)
  }
  return spaces
}

/**
 * [from, to] as whole months and ragged ends (repository.RollUpPeriod): a month is whole when the
 * period holds its first and last day.
 */
function rollUpPeriodOf(from: string, to: string): repository.RollUpPeriod {
  const until = addCalendarDays(to, 1)
  const monthFrom = from.endsWith('-01') ? from : firstOfNextMonth(from)
  const monthTo = until.endsWith('-01') ? until : `${until.slice(0, 8)}01`
  return monthFrom < monthTo ? { from, monthFrom, monthTo, until } : { from, monthFrom: until, monthTo: until, until }
}

function firstOfNextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number]
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

function frameOf(space: Space): repository.SpaceFrame {
  const { facility, operating } = space.sheet
  return {
    roomId: space.id,
    weight: space.weight,
    operatingStart: operating[0],
    operatingEnd: operating[1],
    weekdayPrimeStart: facility.prime.weekday[0],
    weekdayPrimeEnd: facility.prime.weekday[1],
    weekendPrimeStart: facility.prime.weekend[0],
    weekendPrimeEnd: facility.prime.weekend[1],
  }
}

/* ---------- sellable time ---------- */

/** A span of instants laid on a day: its minutes, its prime minutes, and its minutes in each hour cell. */
function layOnDay(
  day: LocalDay,
  facility: Facility,
  start: number,
  end: number,
  factor: number,
  cells: Float64Array,
): { minutes: number; prime: number } {
  const minutes = overlapMs(start, end, day.start, day.end) / MS_PER_MINUTE
  if (minutes <= 0) return { minutes: 0, prime: 0 }
  const [primeStart, primeEnd] = day.isWeekend ? facility.prime.weekend : facility.prime.weekday
  const prime =
    overlapMs(start, end, instantAt(day, primeStart, facility.timeZone), instantAt(day, primeEnd, facility.timeZone)) / MS_PER_MINUTE
  const base = day.weekday * 24
  for (let hour = 0; hour < 24; hour++) {
    const inHour = overlapMs(start, end, day.hourStarts[hour]!, day.hourStarts[hour + 1]!)
    if (inHour > 0) cells[base + hour] = cells[base + hour]! + (inHour / MS_PER_MINUTE) * factor
  }
  return { minutes, prime }
}

function operatingSpan(day: LocalDay, sheet: Sheet): [number, number] {
  const { timeZone } = sheet.facility
  return [instantAt(day, sheet.operating[0], timeZone), instantAt(day, sheet.operating[1], timeZone)]
}

/** Each sheet's operating hours on each day of the period; sheets with the same hours are laid once a day. */
function addOperatingHours(sheets: Sheet[], cellSellable: Float64Array) {
  const groups = new Map<string, Sheet[]>()
  for (const sheet of sheets) {
    const key = `${sheet.facility.id}|${sheet.operating.join('-')}`
    groups.set(key, [...(groups.get(key) ?? []), sheet])
  }
  for (const group of groups.values()) {
    const [first] = group as [Sheet]
    let minutes = 0
    let prime = 0
    for (const day of first.facility.days) {
      const [start, end] = operatingSpan(day, first)
      const laid = layOnDay(day, first.facility, start, end, group.length, cellSellable)
      minutes += laid.minutes
      prime += laid.prime
    }
    for (const sheet of group) {
      sheet.tally.sellable += minutes
      sheet.tally.sellablePrime += prime
    }
  }
}

/**
 * Closed time inside operating hours is not for sale. A closure of the facility or of the sheet
 * closes all of it (overlapping ones counted once); a closure of a part closes the part's share.
 */
function subtractClosures(
  closures: repository.ClosureRow[],
  spaces: Map<string, Space>,
  facilityById: Map<string, Facility>,
  cellSellable: Float64Array,
) {
  const bySheet = new Map<Sheet, { whole: [number, number][]; parts: { span: [number, number]; weight: number }[] }>()
  const entryOf = (sheet: Sheet) => {
    let entry = bySheet.get(sheet)
    if (!entry) bySheet.set(sheet, (entry = { whole: [], parts: [] }))
    return entry
  }
  const sheetsOf = (facilityId: string) =>
    [...new Set([...spaces.values()].map((space) => space.sheet))].filter((sheet) => sheet.facility.id === facilityId)
  for (const closure of closures) {
    const span: [number, number] = [new Date(closure.start_time).getTime(), new Date(closure.end_time).getTime()]
    if (!facilityById.has(closure.facility_id)) continue
    if (closure.room_id === null) {
      for (const sheet of sheetsOf(closure.facility_id)) entryOf(sheet).whole.push(span)
      continue
    }
    const space = spaces.get(closure.room_id)
    if (!space) continue
    if (space.weight === 1) entryOf(space.sheet).whole.push(span)
    else entryOf(space.sheet).parts.push({ span, weight: space.weight })
  }
  for (const [sheet, { whole, parts }] of bySheet) {
    const merged = mergeSpans(whole)
    const pieces: { span: [number, number]; weight: number }[] = merged.map((span) => ({ span, weight: 1 }))
    for (const part of parts) for (const rest of subtractSpans(part.span, merged)) pieces.push({ span: rest, weight: part.weight })
    for (const { span, weight } of pieces) {
      for (const day of sheet.facility.days) {
        if (day.end <= span[0] || day.start >= span[1]) continue
        const [open, close] = operatingSpan(day, sheet)
        const laid = layOnDay(day, sheet.facility, Math.max(open, span[0]), Math.min(close, span[1]), -weight, cellSellable)
        if (Math.min(close, span[1]) <= Math.max(open, span[0])) continue
        sheet.tally.sellable -= laid.minutes * weight
        sheet.tally.sellablePrime -= laid.prime * weight
      }
    }
  }
}

function mergeSpans(spans: [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const span of sorted) {
    const last = merged.at(-1)
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1])
    else merged.push([span[0], span[1]])
  }
  return merged
}

function subtractSpans(span: [number, number], cuts: [number, number][]): [number, number][] {
  let rest: [number, number][] = [span]
  for (const [cutStart, cutEnd] of cuts) {
    rest = rest.flatMap(([start, end]): [number, number][] =>
      cutEnd <= start || cutStart >= end
        ? [[start, end]]
        : (
            [
              [start, cutStart],
              [cutEnd, end],
            ] as [number, number][]
          ).filter(([a, b]) => b > a),
    )
  }
  return rest
}

/** A booking the clocks change under: its time and its changeover, measured on its day's real hours. */
function measureDayBooking(
  space: Space,
  date: string,
  start: number,
  end: number,
  changeoverMinutes: number,
  cellBooked: Float64Array,
  cellSellable: Float64Array,
) {
  const { sheet, weight } = space
  const day = localDay(date, sheet.facility.timeZone)
  const booked = layOnDay(day, sheet.facility, start, end, weight, cellBooked)
  sheet.tally.booked += booked.minutes * weight
  sheet.tally.bookedPrime += booked.prime * weight
  const [open, close] = operatingSpan(day, sheet)
  const changeoverStart = Math.max(end, open)
  const changeoverEnd = Math.min(end + changeoverMinutes * MS_PER_MINUTE, close)
  if (changeoverEnd <= changeoverStart) return
  const changeover = layOnDay(day, sheet.facility, changeoverStart, changeoverEnd, -weight, cellSellable)
  sheet.tally.sellable -= changeover.minutes * weight
  sheet.tally.sellablePrime -= changeover.prime * weight
}

/* ---------- clients ---------- */

function clientsOf(
  clientMinutes: Map<string, number>,
  contracts: repository.ContractRow[],
  names: Map<string, string>,
  today: string,
): ReportResponse['clients'] {
  const contractsByClient = new Map<string, repository.ContractRow[]>()
  for (const contract of contracts)
    contractsByClient.set(contract.client_id, [...(contractsByClient.get(contract.client_id) ?? []), contract])
  const listed = new Set([...clientMinutes.keys(), ...contracts.filter((c) => Number(c.used_in_period_hours) > 0).map((c) => c.client_id)])
  const rows: ReportClientRow[] = [...listed]
    .filter((clientId) => names.has(clientId))
    .map((clientId) => ({
      clientId,
      clientName: names.get(clientId)!,
      bookedHours: hours(clientMinutes.get(clientId) ?? 0),
      contracts: (contractsByClient.get(clientId) ?? []).map((contract) => ({
        contractId: contract.id,
        name: contract.name,
        totalHours: Number(contract.total_hours),
        usedInPeriodHours: Number(contract.used_in_period_hours),
        usedHours: Number(contract.used_hours),
        remainingHours: Math.round((Number(contract.total_hours) - Number(contract.used_hours)) * 100) / 100,
        endDate: contract.end_date,
      })),
    }))
    .sort((a, b) => b.bookedHours - a.bookedHours || a.clientName.localeCompare(b.clientName))

  const { paceDays, runningOutWeeks } = REPORT_LIMITS
  const runningOut: RunningOutContract[] = []
  for (const contract of contracts) {
    if (contract.status !== 'active' || (contract.end_date !== null && contract.end_date < today)) continue
    const remaining = Number(contract.total_hours) - Number(contract.used_hours)
    const pace = Number(contract.pace_window_hours) / (paceDays / 7)
    if (remaining <= 0 || pace <= 0 || remaining / pace > runningOutWeeks) continue
    runningOut.push({
      contractId: contract.id,
      contractName: contract.name,
      clientId: contract.client_id,
      clientName: names.get(contract.client_id) ?? '',
      remainingHours: Math.round(remaining * 100) / 100,
      weeklyPaceHours: Math.round(pace * 100) / 100,
      runsOutOn: addCalendarDays(today, Math.floor((remaining / pace) * 7)),
    })
  }
  runningOut.sort((a, b) => a.runsOutOn.localeCompare(b.runsOutOn) || a.clientName.localeCompare(b.clientName))
  return { rows, runningOut }
}

/* ---------- released ice ---------- */

/**
 * How much of a release of `released` a booking of `booked` sells again: all of it when booked in
 * the same space or a whole above it, a part's share when booked in a part of it, none elsewhere.
 */
function resoldFactor(spaces: Map<string, Space>, released: Space, booked: Space): number {
  if (released.sheet !== booked.sheet) return 0
  if (isWithin(spaces, released, booked)) return 1
  if (isWithin(spaces, booked, released)) return booked.weight / released.weight
  return 0
}

/** Whether `part` is `whole` or lies under it. */
function isWithin(spaces: Map<string, Space>, part: Space, whole: Space): boolean {
  for (let space: Space | undefined = part; space; space = space.parentId ? spaces.get(space.parentId) : undefined) {
    if (space.id === whole.id) return true
  }
  return false
}

function releasesOf(rows: repository.ReleaseRow[], spaces: Map<string, Space>) {
  const releases = new Map<string, { space: Space; start: number; end: number; resold: number }>()
  for (const row of rows) {
    const space = spaces.get(row.room_id)
    if (!space) continue
    let release = releases.get(row.id)
    if (!release) {
      const start = new Date(row.start_time).getTime()
      const { days } = space.sheet.facility
      // The period on the release's own facility's clock.
      if (start < days[0]!.start || start >= days.at(-1)!.end) continue
      release = { space, start, end: new Date(row.end_time).getTime(), resold: 0 }
      releases.set(row.id, release)
    }
    const booked = row.resold_room_id ? spaces.get(row.resold_room_id) : undefined
    if (booked) release.resold += (Number(row.resold_seconds) / 60) * resoldFactor(spaces, space, booked)
  }
  let releasedMinutes = 0
  let resoldMinutes = 0
  const listed = []
  for (const release of releases.values()) {
    const minutes = (release.end - release.start) / MS_PER_MINUTE
    const resold = Math.min(minutes, release.resold)
    releasedMinutes += minutes
    resoldMinutes += resold
    if (listed.length < REPORT_LIMITS.releasesListLimit) {
      listed.push({
        spaceName: release.space.name,
        facilityName: release.space.sheet.facility.name,
        start: new Date(release.start).toISOString(),
        end: new Date(release.end).toISOString(),
        hours: hours(minutes),
        resoldHours: hours(resold),
      })
    }
  }
  return { releasedHours: hours(releasedMinutes), resoldHours: hours(resoldMinutes), releases: listed }
}
