import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, localDateOf } from '@shared/scheduling/local-day'
import { startProblem, type OperatingHours } from '@shared/scheduling/operating-hours'
import { formatTimeOfDay, MINUTES_PER_DAY, parseClosingTime } from '@shared/scheduling/time-of-day'
import { wallClockOf } from '@shared/scheduling/zone-clock'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import { LIMITS } from '@shared/limits'
import type { Executor } from '../../../db/client'
import { enqueueMail, waitlistOfferMail } from '../../../mail'
import * as repository from './repository'

/** Time that was just freed on a space: a booking released or deleted, a request's hold let go. */
export type FreedIce = {
  roomId: string
  start: Date
  end: Date
  /** The released booking's title, kept with the offer for the operator's eyes; never shown to renters. */
  releasedTitle?: string | null
}

export type OfferContext = {
  organisationId: string
  /** The app's address for the claim link: BASE_URL, or the request's own origin (admin's mailLinkOrigin). */
  origin: string
  now?: Date
}

/** What an offer run made: the offers, and the accounts emailed. */
export type OffersMade = { offers: number; recipients: number }

/**
 * Offers freed ice to the waitlist first (docs/product.md#renters, ADR 0065), in the caller's
 * transaction, so the offers and their emails commit with the change that freed the time:
 * - an entry matches when its space is the freed space and its window (its day, from-to, on the
 *   facility's wall clock) overlaps the freed time, whose renter still speaks for its client;
 * - what is offered is the overlap of the freed time and the window, starting after now; entries
 *   whose windows meet the freed time alike share one offer, so each distinct overlap is one offer
 *   with its recipients, and exactly one claim of it wins;
 * - an overlap whose start the space would refuse (before its opening, off its booking interval),
 *   or that the wall clock cannot name (a repeated hour), is not offered: a claim could never book it;
 *   on a space that takes requests it ends where a request of it could (requestableEnd);
 * - every recipient account is emailed once per offer, with the claim link /portal/offers/:id.
 */
export async function offerFreedIce(tx: Executor, context: OfferContext & FreedIce): Promise<OffersMade> {
  const { organisationId, origin, now, ...freed } = context
  return offerFreedTimes(tx, { organisationId, origin, now }, [freed])
}

/** offerFreedIce for many freed times at once (a series deleted): one read of the waiting entries. */
export async function offerFreedTimes(tx: Executor, context: OfferContext, freedTimes: readonly FreedIce[]): Promise<OffersMade> {
  const { organisationId, origin } = context
  const now = context.now ?? new Date()
  const upcoming = freedTimes.filter((freed) => freed.end.getTime() > now.getTime() && freed.end > freed.start)
  if (upcoming.length === 0) return { offers: 0, recipients: 0 }

  const roomIds = [...new Set(upcoming.map((freed) => freed.roomId))]
  // A window lies within one local day, so only the days a freed time meets can hold an entry that
  // overlaps it: read here as UTC days widened by one each side, which covers every zone (UTC−12 to
  // UTC+14) without reading the spaces first, so that a deletion with nobody waiting costs one query.
  const dates = new Set<string>()
  for (const freed of upcoming) {
    const first = addCalendarDays(localDateOf(maxDate(freed.start, now), 'UTC'), -1)
    const last = addCalendarDays(localDateOf(new Date(freed.end.getTime() - 1), 'UTC'), 1)
    for (let date = first; date <= last; date = addCalendarDays(date, 1)) dates.add(date)
  }
  const entries = await repository.listWaitingEntries(tx, organisationId, roomIds, [...dates])
  if (entries.length === 0) return { offers: 0, recipients: 0 }
  const spaces = await repository.findSpaces(tx, organisationId, [...new Set(entries.map((entry) => entry.roomId))])
  const spaceOf = new Map(spaces.map((space) => [space.id, space]))

  type Offer = { roomId: string; start: Date; end: Date; releasedTitle: string | null; entries: typeof entries }
  const offers = new Map<string, Offer>()
  for (const freed of upcoming) {
    const space = spaceOf.get(freed.roomId)
    if (!space) continue
    for (const entry of entries) {
      if (entry.roomId !== freed.roomId) continue
      const window = windowOf(entry, space.timeZone)
      const start = maxDate(freed.start, window.start)
      const overlapEnd = minDate(freed.end, window.end)
      if (overlapEnd <= start || start <= now) continue
      if (startProblem(start, space, space.timeZone) !== null || bookingStartOf(start, space.timeZone) === null) continue
      const end = space.acceptsRequests ? requestableEnd(start, overlapEnd, space) : overlapEnd
      if (end <= start) continue
      const key = `${freed.roomId}|${start.toISOString()}|${end.toISOString()}`
      const offer = offers.get(key) ?? { roomId: freed.roomId, start, end, releasedTitle: titleOf(freed.releasedTitle), entries: [] }
      offer.entries.push(entry)
      offers.set(key, offer)
    }
  }

  let recipients = 0
  for (const offer of offers.values()) {
    const space = spaceOf.get(offer.roomId)!
    const offerId = await repository.insertOffer(
      tx,
      {
        organisationId,
        roomId: offer.roomId,
        startTime: offer.start,
        endTime: offer.end,
        releasedEventTitle: offer.releasedTitle,
      },
      offer.entries.map((entry) => entry.id),
    )
    // One message per account, however many of its clients' windows the offer met.
    const accounts = [...new Map(offer.entries.map((entry) => [entry.userId, entry])).values()]
    recipients += accounts.length
    await enqueueMail(
      tx,
      accounts.map((entry) =>
        waitlistOfferMail({
          organisationId,
          offerId,
          userId: entry.userId,
          to: entry.email,
          recipientName: entry.name,
          facilityName: space.facilityName,
          spaceName: space.name,
          timeZone: space.timeZone,
          start: offer.start,
          end: offer.end,
          link: `${origin}/portal/offers/${offerId}`,
        }),
      ),
    )
  }
  return { offers: offers.size, recipients }
}

/** An entry's window as instants: its day's from-time to its to-time, '00:00' being the midnight that ends the day. */
export function windowOf(entry: { date: string; fromTime: string; toTime: string }, timeZone: string) {
  const start = combineLocalDateTime(entry.date, entry.fromTime, timeZone)
  const end =
    entry.toTime === '00:00'
      ? combineLocalDateTime(addCalendarDays(entry.date, 1), '00:00', timeZone)
      : combineLocalDateTime(entry.date, entry.toTime, timeZone)
  return { start, end }
}

/**
 * The day and start time a booking form would give for the instant, or null when the wall clock
 * cannot name it alone (the second 01:30 of a night the clocks go back, or a start off the minute).
 */
export function bookingStartOf(instant: Date, timeZone: string): { date: string; startTime: string } | null {
  const clock = wallClockOf(instant.getTime(), timeZone)
  const startTime = formatTimeOfDay(clock.hour * 60 + clock.minute)
  if (combineLocalDateTime(clock.date, startTime, timeZone).getTime() !== instant.getTime()) return null
  return { date: clock.date, startTime }
}

/**
 * Where a request of the time from `start` can end, at most `end`: a space that takes requests
 * takes them for one of its durations (1 to 12 booking intervals) ending by its closing that day,
 * as 'Request Ice' offers them, so a claim of the offer is a request the space accepts.
 */
function requestableEnd(start: Date, end: Date, space: OperatingHours & { timeZone: string }) {
  const interval = space.bookingInterval * MS_PER_MINUTE
  const date = localDateOf(start, space.timeZone)
  const closing =
    parseClosingTime(space.operatingEndTime) === MINUTES_PER_DAY
      ? combineLocalDateTime(addCalendarDays(date, 1), '00:00', space.timeZone)
      : combineLocalDateTime(date, space.operatingEndTime, space.timeZone)
  const longest = Math.min(end.getTime(), closing.getTime(), start.getTime() + LIMITS.event.durationMultiples * interval) - start.getTime()
  return new Date(start.getTime() + Math.max(0, Math.floor(longest / interval)) * interval)
}

// A part of a booking split at midnight is offered under its booking's own title.
function titleOf(title: string | null | undefined): string | null {
  if (!title) return null
  return stripSplitSuffix(title).slice(0, LIMITS.event.title)
}

const MS_PER_MINUTE = 60_000
const maxDate = (a: Date, b: Date) => (a > b ? a : b)
const minDate = (a: Date, b: Date) => (a < b ? a : b)
