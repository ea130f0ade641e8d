import { z } from 'zod'
import { EVENT_TYPES, LIMITS, RECURRENCE_FREQUENCIES, type EventType } from '@shared/limits'
import {
  calendarDate,
  hexColor,
  instantInRange,
  isYearInRange,
  lineString,
  optionalId,
  optionalText,
  timeOfDay,
  tooLongMessage,
  whenValid,
} from '@shared/schema-fields'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'

export const EVENT_MESSAGES = {
  room: 'Please select a room',
  /** An edit based on a version of the event that is no longer the stored one (ADR 0028). */
  stale: 'This event was changed by someone else. Reload to see the latest.',
  client: 'Please select a client',
  dateTime: 'Please select a date and time',
  title: 'Please enter a title',
  duration: 'Please choose a duration',
  tooLong: 'An event can last at most 24 hours',
  recurrenceEndDate: 'Please select an end date for recurring events',
  recurrenceWeekdays: 'Please select at least one day for weekly recurrence',
  endBeforeStart: 'End time must be after start time',
  /** A game's two teams never share a change room (docs/product.md#events); the database holds it too. */
  sameChangeRooms: 'Home and away need different change rooms',
  /** The start rule's refusal when the space's hours can no longer be read (startProblem words the rest). */
  startOutsideHours: 'The space takes no bookings starting at that time',
} as const

/** Whether a game names one change room for both teams; a practice has only one, so it never does. */
export function sharesChangeRoom({ changeRoom1Id, changeRoom2Id }: { changeRoom1Id: string | null; changeRoom2Id: string | null }) {
  return changeRoom1Id !== null && changeRoom1Id === changeRoom2Id
}

// Titles of split parts carry ' (Part N)'; the limit applies to what the operator typed.
const title = lineString({ error: EVENT_MESSAGES.title })
  .trim()
  .min(1, EVENT_MESSAGES.title)
  .refine((value) => stripSplitSuffix(value).length <= LIMITS.event.title, tooLongMessage('Title', LIMITS.event.title))

const eventDetails = {
  clientId: z.uuid({ error: EVENT_MESSAGES.client }),
  title,
  description: optionalText(LIMITS.event.description, 'Description', { multiline: true }),
  color: hexColor.default(LIMITS.event.defaultColor),
  eventType: z.enum(EVENT_TYPES, { error: 'Please choose practice or game' }).default(LIMITS.event.defaultType),
  /** Home team, games only. */
  team1Name: optionalText(LIMITS.event.teamName, 'Home team'),
  /** Away team, games only. */
  team2Name: optionalText(LIMITS.event.teamName, 'Away team'),
  /** The home change room, or a practice's only one. */
  changeRoom1Id: optionalId('Please select a change room'),
  /** Away change room, games only. */
  changeRoom2Id: optionalId('Please select a change room'),
}

export interface EventKindFields {
  eventType: EventType
  team1Name: string | null
  team2Name: string | null
  changeRoom2Id: string | null
}

/** Saving a practice clears what only a game has: the team names and the away change room (docs/product.md#events). */
export function normalizeEventKind<T extends EventKindFields>(event: T): T {
  if (event.eventType === 'game') return event
  return { ...event, team1Name: null, team2Name: null, changeRoom2Id: null }
}

export const recurrenceInput = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES, { error: 'Please choose how often the event repeats' }),
    endDate: calendarDate(EVENT_MESSAGES.recurrenceEndDate),
    /** 0 (Sunday) to 6 (Saturday); weekly only. */
    weekdays: z
      .array(z.int().min(0).max(6), { error: EVENT_MESSAGES.recurrenceWeekdays })
      .default([])
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  })
  .refine(({ frequency, weekdays }) => frequency !== 'weekly' || weekdays.length > 0, {
    message: EVENT_MESSAGES.recurrenceWeekdays,
    path: ['weekdays'],
    ...whenValid('frequency', 'weekdays'),
  })
export type RecurrenceInput = z.output<typeof recurrenceInput>

export const SERIES_SCOPES = ['this', 'following', 'all'] as const
export type SeriesScope = (typeof SERIES_SCOPES)[number]
const SERIES_SCOPE_MESSAGE = 'Please choose which events of the series to change'
const SERIES_VERSION_MESSAGE = 'Please give the version of the series this edit is based on'

/** DELETE /api/events/:id?scope=: the event, it and the following ones of its series, or the whole series. */
export const deleteEventQuery = z.object({ scope: z.enum(SERIES_SCOPES, { error: SERIES_SCOPE_MESSAGE }).default('this') })

/** The Add New Event dialog: a local date and wall time in the facility's zone, plus a duration. */
export const createEventInput = z
  .object({
    roomId: z.uuid({ error: EVENT_MESSAGES.room }),
    date: calendarDate(EVENT_MESSAGES.dateTime),
    startTime: timeOfDay(EVENT_MESSAGES.dateTime),
    durationMinutes: z
      .int({ error: EVENT_MESSAGES.duration })
      .min(1, EVENT_MESSAGES.duration)
      .max(LIMITS.event.maxDurationMinutes, EVENT_MESSAGES.tooLong),
    ...eventDetails,
    recurrence: recurrenceInput.nullish().transform((value) => value ?? null),
    // 'Book {n} free dates': book only the occurrences that are free, skipping those that clash,
    // fall in a closure or need a change room that is taken. Left out, a series is all or nothing.
    skipTaken: z.boolean({ error: 'skipTaken must be true or false' }).default(false),
  })
  // Said as soon as both rooms are chosen, whatever else the form still lacks.
  .refine((event) => event.eventType !== 'game' || !sharesChangeRoom(event), {
    message: EVENT_MESSAGES.sameChangeRooms,
    path: ['changeRoom2Id'],
    ...whenValid('eventType', 'changeRoom1Id', 'changeRoom2Id'),
  })
  .transform(normalizeEventKind)
/**
 * POST /api/events/preview: what decides a series' dates and whether they are taken; the client,
 * title and other details of the create are not needed to list them.
 */
export const eventPreviewInput = z.object({
  roomId: z.uuid({ error: EVENT_MESSAGES.room }),
  date: calendarDate(EVENT_MESSAGES.dateTime),
  startTime: timeOfDay(EVENT_MESSAGES.dateTime),
  durationMinutes: z
    .int({ error: EVENT_MESSAGES.duration })
    .min(1, EVENT_MESSAGES.duration)
    .max(LIMITS.event.maxDurationMinutes, EVENT_MESSAGES.tooLong),
  changeRoom1Id: eventDetails.changeRoom1Id,
  changeRoom2Id: eventDetails.changeRoom2Id,
  recurrence: recurrenceInput.nullish().transform((value) => value ?? null),
})
export type EventPreviewInput = z.output<typeof eventPreviewInput>
export type CreateEventFormValues = z.input<typeof createEventInput>
export type CreateEventInput = z.output<typeof createEventInput>

const instant = instantInRange(EVENT_MESSAGES.dateTime)

/** The Edit Event sheet: any start and end as ISO instants, at most 24 hours apart. */
export const updateEventInput = z
  .object({
    ...eventDetails,
    startTime: instant,
    endTime: instant,
    /** Another space of the event's facility to move it to; left out, it stays where it is. */
    roomId: z.uuid({ error: EVENT_MESSAGES.room }).optional(),
    /** The event's version the edit was based on: a stale one is refused, never overwritten (ADR 0028). */
    version: z.int({ error: 'Please give the version of the event this edit is based on' }).min(1).max(2_147_483_647),
    /** Which events of its series the edit changes (docs/product.md#series); a single event is 'this'. */
    scope: z.enum(SERIES_SCOPES, { error: SERIES_SCOPE_MESSAGE }).default('this'),
    /** The series' version a 'following' or 'all' edit was based on (ADR 0031). */
    seriesVersion: z.int({ error: SERIES_VERSION_MESSAGE }).min(1).max(2_147_483_647).optional(),
    /** A series edit leaves the occurrences whose new times are taken as they are. */
    skipTaken: z.boolean({ error: 'skipTaken must be true or false' }).default(false),
  })
  .refine(({ scope, seriesVersion }) => scope === 'this' || seriesVersion !== undefined, {
    message: SERIES_VERSION_MESSAGE,
    path: ['seriesVersion'],
    ...whenValid('scope', 'seriesVersion'),
  })
  .refine(({ startTime, endTime }) => endTime > startTime, {
    message: EVENT_MESSAGES.endBeforeStart,
    path: ['endTime'],
    ...whenValid('startTime', 'endTime'),
  })
  .refine(({ startTime, endTime }) => endTime.getTime() - startTime.getTime() <= LIMITS.event.maxDurationMinutes * 60_000, {
    message: EVENT_MESSAGES.tooLong,
    path: ['endTime'],
    ...whenValid('startTime', 'endTime'),
  })
  // Said as soon as both rooms are chosen, whatever else the form still lacks.
  .refine((event) => event.eventType !== 'game' || !sharesChangeRoom(event), {
    message: EVENT_MESSAGES.sameChangeRooms,
    path: ['changeRoom2Id'],
    ...whenValid('eventType', 'changeRoom1Id', 'changeRoom2Id'),
  })
  .transform(normalizeEventKind)
export type UpdateEventFormValues = z.input<typeof updateEventInput>
export type UpdateEventInput = z.output<typeof updateEventInput>

/** The edit sheet offers a colour picker only for #rrggbb; shorter hex values stay a text field. */
export function isSixDigitHexColor(color: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(color)
}

// A month grid is six weeks; a day either side lets each facility's own calendar fill it, and
// one more day leaves room for DST changes. Wider ranges are a mistake, and an expensive one.
const MAX_RANGE_DAYS = 45

const rangeInstant = instantInRange

/** The one query every view of events in a time range asks: instants [from, to), optionally one facility or one space. */
export const eventRangeQuery = z
  .object({
    from: rangeInstant('Please give the start of the range as an ISO date-time'),
    to: rangeInstant('Please give the end of the range as an ISO date-time'),
    /** Only this facility's events: the facility page, its timeline. */
    facilityId: z
      .uuid({ error: 'Facility not found' })
      .optional()
      .transform((value) => value ?? null),
    /** Only this space's events: the room's day grid. */
    roomId: z
      .uuid({ error: 'Space not found' })
      .optional()
      .transform((value) => value ?? null),
  })
  .refine(({ from, to }) => to > from, {
    message: 'The end of the range must be after its start',
    path: ['to'],
    ...whenValid('from', 'to'),
  })
  .refine(({ from, to }) => to.getTime() - from.getTime() <= MAX_RANGE_DAYS * 24 * 60 * 60 * 1000, {
    message: `The range may span at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
    ...whenValid('from', 'to'),
  })
export type EventRangeQuery = z.output<typeof eventRangeQuery>

/**
 * GET /api/events/change-rooms: the change rooms of the room's facility, each with the event that
 * holds it during [from, to) widened by the facility's change room time (leaving out the event
 * being edited), so the event dialog can show '{name} (in use)'.
 */
export const changeRoomUseQuery = z
  .object({
    roomId: z.uuid({ error: 'Space not found' }),
    from: rangeInstant('Please give the start as an ISO date-time'),
    to: rangeInstant('Please give the end as an ISO date-time'),
    excludeEventId: z
      .uuid({ error: 'Event not found' })
      .optional()
      .transform((value) => value ?? null),
  })
  .refine(({ from, to }) => to > from, { message: 'The end must be after the start', path: ['to'], ...whenValid('from', 'to') })
  .refine(({ from, to }) => to.getTime() - from.getTime() <= 24 * 60 * 60 * 1000, {
    message: 'An event lasts at most 24 hours',
    path: ['to'],
    ...whenValid('from', 'to'),
  })
export type ChangeRoomUseQuery = z.output<typeof changeRoomUseQuery>

/**
 * What a row of schedules is (ADR 0055): a booking, a renter's pending request holding its ice
 * ('Pending' on the operators' calendars, docs/product.md#renters), or released ice being claimed.
 */
export const OCCUPANCY_KINDS = ['booking', 'hold', 'claim'] as const
export type OccupancyKind = (typeof OCCUPANCY_KINDS)[number]

const optionalFilterId = (message: string) =>
  z
    .uuid({ error: message })
    .optional()
    .transform((value) => value ?? null)

/** GET /api/events/past, and what GET /api/events/upcoming narrows by too: one space, one client. */
export const eventListQuery = z.object({
  /** Only this space's events: the room's List View. */
  roomId: optionalFilterId('Space not found'),
  /** Only this client's bookings: the client page. Another organisation's client simply has none here. */
  clientId: optionalFilterId('Client not found'),
  /** Only rows of this kind: the client page lists bookings, not the requests holding ice. */
  kind: z
    .enum(OCCUPANCY_KINDS, { error: 'Unknown kind' })
    .optional()
    .transform((value) => value ?? null),
})
export type EventListQuery = z.output<typeof eventListQuery>

// '{start instant}_{id}' of the last event a page listed: the next page starts strictly after it.
const AFTER_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** The cursor of the page after `event`, as GET /api/events/upcoming takes it in `after`. */
export function eventCursorOf(event: { startTime: Date; id: string }): string {
  return `${event.startTime.toISOString()}_${event.id}`
}

/**
 * GET /api/events/upcoming (All Events' list, a space's, a client's): upcoming events in start
 * order, a page at a time, narrowed by facility, space and client and by a search of the title,
 * the team names and the client's name. `after` is the cursor the previous page answered.
 */
export const upcomingEventsQuery = eventListQuery.extend({
  /** Only this facility's events. */
  facilityId: optionalFilterId('Facility not found'),
  q: z
    .string()
    .trim()
    .max(LIMITS.eventsList.search, tooLongMessage('Search', LIMITS.eventsList.search))
    .optional()
    .transform((value) => value || null),
  after: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return null
      const [, instant = '', id = ''] = AFTER_PATTERN.exec(value) ?? []
      const startTime = new Date(instant)
      // Only what eventCursorOf writes: a real instant PostgreSQL's timestamptz holds, spelt as toISOString spells it.
      if (Number.isNaN(startTime.getTime()) || startTime.toISOString() !== instant || !isYearInRange(startTime.getUTCFullYear())) {
        context.addIssue({ code: 'custom', message: 'Invalid cursor' })
        return z.NEVER
      }
      return { startTime, id: id.toLowerCase() }
    }),
})
export type UpcomingEventsQuery = z.output<typeof upcomingEventsQuery>
