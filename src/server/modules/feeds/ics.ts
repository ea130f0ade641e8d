import ical from 'ical-generator'
import { TZDate } from '@date-fns/tz'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { FEED_REFRESH_SECONDS } from '@shared/feeds/schema'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import type { FeedEventRow } from './repository'

/** What a feed shows of each booking: a client's own feed everything, the others per their setting. */
export type FeedPrivacy = { clientDetails: boolean }

/**
 * One booking as a calendar shows it: the parts of an event split at midnight (schedules.event_group_id)
 * joined back into one span. Its UID is its first part's id, which edits keep; SEQUENCE and
 * LAST-MODIFIED are the highest of its parts', which every edit raises (schedules.version, updated_at).
 */
export type FeedEvent = {
  uid: string
  title: string
  description: string | null
  start: Date
  end: Date
  eventType: 'practice' | 'game'
  team1Name: string | null
  team2Name: string | null
  sequence: number
  lastModified: Date
  roomName: string
  facilityName: string
  timeZone: string
  clientName: string | null
  changeRoom1Name: string | null
  changeRoom2Name: string | null
}

export function joinSplitParts(rows: readonly FeedEventRow[]): FeedEvent[] {
  const events: FeedEvent[] = []
  const byGroup = new Map<string, FeedEvent>()
  // Rows come in start order, so a group's first row is its first part.
  for (const row of rows) {
    const grouped = row.eventGroupId ? byGroup.get(row.eventGroupId) : undefined
    if (grouped) {
      if (row.endTime > grouped.end) grouped.end = row.endTime
      grouped.sequence = Math.max(grouped.sequence, row.version)
      if (row.updatedAt > grouped.lastModified) grouped.lastModified = row.updatedAt
      continue
    }
    const event: FeedEvent = {
      uid: row.id,
      title: stripSplitSuffix(row.title),
      description: row.description,
      start: row.startTime,
      end: row.endTime,
      eventType: row.eventType,
      team1Name: row.team1Name,
      team2Name: row.team2Name,
      sequence: row.version,
      lastModified: row.updatedAt,
      roomName: row.roomName,
      facilityName: row.facilityName,
      timeZone: row.timeZone,
      clientName: row.clientName,
      changeRoom1Name: row.changeRoom1Name,
      changeRoom2Name: row.changeRoom2Name,
    }
    events.push(event)
    if (row.eventGroupId) byGroup.set(row.eventGroupId, event)
  }
  return events
}

/** 'Title (Home vs Away)' for a game with its teams named; the title alone otherwise. */
export function summaryOf(event: Pick<FeedEvent, 'title' | 'eventType' | 'team1Name' | 'team2Name'>): string {
  if (event.eventType !== 'game') return event.title
  const teams = [event.team1Name, event.team2Name].filter((team): team is string => !!team)
  return teams.length ? `${event.title} (${teams.join(' vs ')})` : event.title
}

/** 'Rink A, Arena' and, when the booking holds change rooms, 'Change rooms: Home CR 1, Away CR 2'. */
export function locationOf(event: FeedEvent): string {
  const place = `${event.roomName}, ${event.facilityName}`
  if (event.eventType === 'game' && (event.changeRoom1Name || event.changeRoom2Name)) {
    const held = [
      event.changeRoom1Name ? `Home ${event.changeRoom1Name}` : null,
      event.changeRoom2Name ? `Away ${event.changeRoom2Name}` : null,
    ].filter(Boolean)
    return `${place} (Change rooms: ${held.join(', ')})`
  }
  return event.changeRoom1Name ? `${place} (Change room: ${event.changeRoom1Name})` : place
}

function descriptionOf(event: FeedEvent, privacy: FeedPrivacy): string | null {
  if (!privacy.clientDetails) return null
  const lines = [event.clientName ? `Client: ${event.clientName}` : null, event.description].filter(Boolean)
  return lines.length ? lines.join('\n') : null
}

/**
 * The feed as iCalendar text (RFC 5545). Times carry their facility's TZID, with the VTIMEZONE of
 * each zone used written by @touch4it/ical-timezones, not by hand. No RRULE: every occurrence of a
 * series is its own event. DTSTAMP is the booking's last change, so an unchanged feed is byte for
 * byte the same and its ETag holds.
 */
export function renderFeed(name: string, events: readonly FeedEvent[], privacy: FeedPrivacy): string {
  const calendar = ical({
    name,
    prodId: { company: 'Fieldhouse', product: 'Calendar feed', language: 'EN' },
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: FEED_REFRESH_SECONDS,
  })
  for (const event of events) {
    calendar.createEvent({
      id: `${event.uid}@fieldhouse`,
      start: new TZDate(event.start.getTime(), event.timeZone),
      end: new TZDate(event.end.getTime(), event.timeZone),
      timezone: event.timeZone,
      summary: summaryOf(event),
      location: locationOf(event),
      description: descriptionOf(event, privacy),
      sequence: event.sequence,
      stamp: event.lastModified,
      lastModified: event.lastModified,
    })
  }
  return calendar.toString()
}
