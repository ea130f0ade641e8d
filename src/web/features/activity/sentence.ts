import type { ActivityEntry } from '@shared/activity/responses'
import type { ActivityOccurrence, ActivityScalar, ActivityValue } from '@shared/activity/schema'
import { CONTRACT_STATUS_LABELS, EVENT_TYPE_LABELS, ROOM_TYPE_LABELS, SCREEN_THEME_LABELS } from '@shared/limits'
import { REQUEST_STATUS_LABELS } from '@shared/renting/requests'
import { localDateOf } from '@shared/scheduling/local-day'
import { ROLE_LABELS } from '@shared/team/roles'
import { browserTimeZone, formatCalendarDay, formatDayDateTime, formatShortDay, formatTime, formatTimeOfDay } from '@web/lib/datetime'

// How an entry of the activity trail reads (docs/product.md#activity): one sentence, with every
// instant on the wall clock of the facility the thing belongs to (the browser's outside any).
// The server keeps names rather than ids, so nothing here needs another request.

/** One changed field as the details list shows it; null where the field had no value. */
export type ChangeLine = { field: string; label: string; before: string | null; after: string | null }

// In the order the details list them; fields the trail learns of later follow, as the server sent them.
const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  title: 'title',
  start: 'start',
  end: 'end',
  space: 'space',
  client: 'client',
  description: 'description',
  color: 'colour',
  eventType: 'type',
  team1Name: 'team 1',
  team2Name: 'team 2',
  changeRoom1: 'change room 1',
  changeRoom2: 'change room 2',
  facility: 'facility',
  type: 'type',
  role: 'role',
  email: 'email',
  hours: 'hours',
  date: 'date',
  timeZone: 'time zone',
  changeRoomMinutes: 'change room time',
  partOf: 'part of',
  changeoverMinutes: 'changeover',
  acceptsRequests: 'accept requests',
  holdRequestsHours: 'hold requests for',
  releaseUntilHours: 'release until',
  reason: 'reason',
  // A renter's request (docs/product.md#renters): pending, then approved, declined, withdrawn or expired.
  requestStatus: 'status',
}

// Values kept as the code words the app stores, read as the words the app shows.
const VALUE_LABELS: Record<string, Record<string, string>> = {
  role: ROLE_LABELS,
  eventType: EVENT_TYPE_LABELS,
  type: ROOM_TYPE_LABELS,
  status: CONTRACT_STATUS_LABELS,
  theme: SCREEN_THEME_LABELS,
  requestStatus: REQUEST_STATUS_LABELS,
}

// Values a sentence names only by their field: too long, or meaningless read aloud (#3b82f6).
const NAMED_ONLY = new Set(['description', 'color', 'logo', 'logoUrl', 'notes'])
const SHORT_VALUE = 40

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

const ENTITY_NOUNS: Record<ActivityEntry['entity'], string> = {
  event: 'event',
  facility: 'facility',
  space: 'space',
  client: 'client',
  contract: 'contract',
  usage: 'usage',
  screen: 'screen',
  member: 'member',
  invitation: 'invitation',
  organisation: 'organisation',
  closure: 'closure',
  mail: 'email',
  invoice: 'invoice',
  payment: 'payment',
  renter: 'portal access',
  request: 'request',
  waitlist: 'waitlist entry',
  rate: 'rate',
}

/** 'team1Name' → 'team 1 name' for a field the trail learns of later. */
export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    field
      .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
  )
}

const zoneOf = (entry: ActivityEntry) => entry.timeZone ?? browserTimeZone()

const isInstant = (value: ActivityValue): value is string => typeof value === 'string' && INSTANT.test(value)

/** '2.50' → '2.5': hours as the server keeps them, exact, without trailing zeros. */
function formatHours(value: string | number): string {
  const text = String(value)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/** A field's value as text, or null when it had none. */
export function formatValue(field: string, value: ActivityValue, timeZone: string): string | null {
  if (value === null || value === '') return null
  if (Array.isArray(value)) return `${value.length} events`
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  const labels = VALUE_LABELS[field]
  if (labels && Object.hasOwn(labels, String(value))) return labels[String(value)]!
  if (/hours$/i.test(field)) return formatHours(value)
  if (typeof value === 'number') return /(minutes|interval)$/i.test(field) ? `${value} min` : String(value)
  if (INSTANT.test(value)) return formatDayDateTime(value, timeZone)
  if (CALENDAR_DAY.test(value)) return formatCalendarDay(value)
  if (TIME_OF_DAY.test(value)) return formatTimeOfDay(value)
  if (field === 'timeZone') return value.replaceAll('_', ' ')
  return value
}

const FIELD_ORDER = Object.keys(FIELD_LABELS)
const orderOf = (field: string) => {
  const index = FIELD_ORDER.indexOf(field)
  return index === -1 ? FIELD_ORDER.length : index
}

// What a series edit's entry carries besides its changed fields (ADR 0046): how many events it
// wrote, and each occurrence's own before and after.
const SERIES_FIELDS = ['seriesEvents', 'occurrences']

const occurrencesOf = (value: ActivityValue | undefined): ActivityOccurrence[] => (Array.isArray(value) ? value : [])

/** "6:30 PM – 7:30 PM", then each other field that changed on it: "6:30 PM – 7:30 PM, space Rink A". */
function describeOccurrence(occurrence: ActivityOccurrence, timeZone: string): string {
  const { start, end, ...others } = occurrence
  const times =
    isInstant(start ?? null) && isInstant(end ?? null)
      ? `${formatTime(start as string, timeZone)} – ${formatTime(end as string, timeZone)}`
      : ''
  const rest = sortFields(Object.keys(others)).map(
    (field) => `${fieldLabel(field)} ${formatValue(field, others[field]!, timeZone) ?? 'none'}`,
  )
  return [times, ...rest].filter((part) => part !== '').join(', ')
}

/**
 * Every changed field of the entry: the known ones in a set order (the server's JSON keeps none).
 * A series edit then lists each occurrence under its day, with its own before and after.
 */
export function describeChanges(entry: ActivityEntry): ChangeLine[] {
  const timeZone = zoneOf(entry)
  const fields = sortFields(Object.keys(entry.changes).filter((field) => !SERIES_FIELDS.includes(field)))
    .map((field) => [field, entry.changes[field]!] as const)
    .map(([field, { before, after }]) => ({
      field,
      label: fieldLabel(field),
      before: formatValue(field, before, timeZone),
      after: formatValue(field, after, timeZone),
    }))
  const befores = occurrencesOf(entry.changes.occurrences?.before)
  const afters = occurrencesOf(entry.changes.occurrences?.after)
  const occurrences = afters.map((after, index) => {
    const before = befores[index] ?? {}
    const day = isInstant(before.start ?? null) ? (before.start as string) : (after.start as string)
    return {
      field: `occurrence-${index}`,
      label: isInstant(day) ? formatShortDay(day, timeZone) : `Event ${index + 1}`,
      before: describeOccurrence(before, timeZone),
      after: describeOccurrence(after, timeZone),
    }
  })
  return [...fields, ...occurrences]
}

function sortFields(fields: string[]): string[] {
  // A stable sort: unknown fields keep the order they came in.
  return [...fields].sort((a, b) => orderOf(a) - orderOf(b))
}

/** 'the title', 'the title and colour', 'the title, colour and description' */
function listFields(fields: string[]): string {
  const labels = sortFields(fields).map(fieldLabel)
  const last = labels.pop()
  return `the ${labels.length ? `${labels.join(', ')} and ${last}` : last}`
}

/** "Sam Roe's", "James's" */
const possessive = (name: string) => `${name}'s`

const quoted = (text: string) => `"${text}"`

/**
 * "from Tue, Dec 1, 10:00 AM to 11:00 AM": a later instant on the same day gives only its time.
 * Other values read as they are.
 */
function fromTo(field: string, before: ActivityValue, after: ActivityValue, timeZone: string): string {
  const from = formatValue(field, before, timeZone)
  let to = formatValue(field, after, timeZone)
  if (isInstant(before) && isInstant(after) && localDateOf(new Date(before), timeZone) === localDateOf(new Date(after), timeZone)) {
    to = formatTime(after, timeZone)
  }
  return `from ${from} to ${to}`
}

/** "type from Practice to Game", "team 1 set to Hawks", "team 2 cleared", or the field alone when its values are long. */
function changePhrase(entry: ActivityEntry, field: string): string {
  const { before, after } = entry.changes[field]!
  const timeZone = zoneOf(entry)
  const label = fieldLabel(field)
  const from = formatValue(field, before, timeZone)
  const to = formatValue(field, after, timeZone)
  if (NAMED_ONLY.has(field) || (from?.length ?? 0) > SHORT_VALUE || (to?.length ?? 0) > SHORT_VALUE) return label
  if (from === null && to === null) return label
  if (from === null) return `${label} set to ${to}`
  if (to === null) return `${label} cleared`
  return `${label} ${fromTo(field, before, after, timeZone)}`
}

/** ": type from Practice to Game, colour", or nothing when no field changed. */
function changeList(entry: ActivityEntry, fields: string[]): string {
  return fields.length
    ? `: ${sortFields(fields)
        .map((field) => changePhrase(entry, field))
        .join(', ')}`
    : ''
}

/** " and changed the title and colour", for what a sentence about something else leaves out. */
function alsoChanged(fields: string[]): string {
  return fields.length ? ` and changed ${listFields(fields)}` : ''
}

/** "Tue, Dec 1, 10:00 AM – 11:00 AM"; the end gives its date too when it falls on another day. */
function span(start: ActivityValue, end: ActivityValue, timeZone: string): string | null {
  if (!isInstant(start)) return null
  const from = formatDayDateTime(start, timeZone)
  if (!isInstant(end)) return from
  const sameDay = localDateOf(new Date(start), timeZone) === localDateOf(new Date(end), timeZone)
  return `${from} – ${sameDay ? formatTime(end, timeZone) : formatDayDateTime(end, timeZone)}`
}

/**
 * A series edit, one sentence for all of its events (ADR 0046):
 * 'Dana Lee moved 16 events of "U13 A Practice" from 6:30 PM to 7:00 PM, Mon, Jan 4 – Fri, Feb 26'.
 */
function describeSeriesEdit(entry: ActivityEntry, count: ActivityScalar): string {
  const { actorName: actor, changes } = entry
  const timeZone = zoneOf(entry)
  const what = `${count} events of ${quoted(entry.label)}`
  const starts = occurrencesOf(changes.occurrences?.after)
    .map(({ start }) => start ?? null)
    .filter(isInstant)
  const days = starts.length
    ? `, ${formatShortDay(starts[0]!, timeZone)}${starts.length > 1 ? ` – ${formatShortDay(starts.at(-1)!, timeZone)}` : ''}`
    : ''
  const fields = Object.keys(changes).filter((field) => !SERIES_FIELDS.includes(field))
  const { start, space } = changes
  if (start && isInstant(start.before) && isInstant(start.after)) {
    // Each event kept its own day unless the edit moved them all by days: then the days show too.
    const sameDay = localDateOf(new Date(start.before), timeZone) === localDateOf(new Date(start.after), timeZone)
    const move = sameDay
      ? `from ${formatTime(start.before, timeZone)} to ${formatTime(start.after, timeZone)}`
      : fromTo('start', start.before, start.after, timeZone)
    const where = typeof space?.after === 'string' ? ` on ${space.after}` : ''
    const others = fields.filter((field) => !['start', 'end', 'space'].includes(field))
    return `${actor} moved ${what} ${move}${where}${days}${alsoChanged(others)}`
  }
  if (space && typeof space.before === 'string' && typeof space.after === 'string') {
    return `${actor} moved ${what} from ${space.before} to ${space.after}${days}${alsoChanged(fields.filter((field) => field !== 'space'))}`
  }
  if (fields.length === 0) return `${actor} saved ${what} without changes${days}`
  return `${actor} changed ${what}${days}${changeList(entry, fields)}`
}

function describeEvent(entry: ActivityEntry): string {
  const { actorName: actor, changes } = entry
  if (entry.action === 'updated' && changes.seriesEvents) return describeSeriesEdit(entry, changes.seriesEvents.after as ActivityScalar)
  const title = quoted(entry.label)
  const timeZone = zoneOf(entry)
  if (entry.action === 'created') {
    const where = typeof changes.space?.after === 'string' ? ` on ${changes.space.after}` : ''
    const when = span(changes.start?.after ?? null, changes.end?.after ?? null, timeZone)
    return `${actor} booked ${title}${where}${when ? ` for ${when}` : ''}`
  }
  if (entry.action === 'deleted' || entry.action === 'released') {
    const when = isInstant(changes.start?.before ?? null) ? ` (${formatDayDateTime(changes.start!.before as string, timeZone)})` : ''
    return `${actor} ${entry.action} ${title}${when}`
  }

  const fields = Object.keys(changes)
  const { start, space, title: renamed } = changes
  if (start && isInstant(start.before) && isInstant(start.after)) {
    const where = typeof space?.after === 'string' ? ` on ${space.after}` : ''
    // The end follows the start; a new length shows in the details.
    const others = fields.filter((field) => !['start', 'end', 'space'].includes(field))
    return `${actor} moved ${title} ${fromTo('start', start.before, start.after, timeZone)}${where}${alsoChanged(others)}`
  }
  if (space && typeof space.before === 'string' && typeof space.after === 'string') {
    return `${actor} moved ${title} from ${space.before} to ${space.after}${alsoChanged(fields.filter((field) => field !== 'space'))}`
  }
  if (renamed && typeof renamed.before === 'string' && typeof renamed.after === 'string') {
    const others = fields.filter((field) => field !== 'title')
    return `${actor} renamed ${quoted(renamed.before)} to ${quoted(renamed.after)}${alsoChanged(others)}`
  }
  if (fields.length === 0) return `${actor} saved ${title} without changes`
  return `${actor} changed ${title}${changeList(entry, fields)}`
}

function roleOf(entry: ActivityEntry, side: 'before' | 'after'): string | null {
  const role = entry.changes.role?.[side] ?? null
  return role === null ? null : formatValue('role', role, zoneOf(entry))
}

function describeMember(entry: ActivityEntry): string {
  const { actorName: actor, label: name } = entry
  const isSelf = entry.actorId !== null && entry.actorId === entry.entityId
  if (entry.action === 'created') {
    const role = roleOf(entry, 'after')
    const as = role ? ` as ${role}` : ''
    return isSelf ? `${name} joined${as}` : `${actor} added ${name}${as}`
  }
  if (entry.action === 'deleted') return isSelf ? `${name} left the organisation` : `${actor} removed ${name} from the organisation`
  const before = roleOf(entry, 'before')
  const after = roleOf(entry, 'after')
  if (before && after) {
    const others = Object.keys(entry.changes).filter((field) => field !== 'role')
    return `${actor} changed ${possessive(name)} role from ${before} to ${after}${alsoChanged(others)}`
  }
  return `${actor} changed ${name}${changeList(entry, Object.keys(entry.changes))}`
}

function describeInvitation(entry: ActivityEntry): string {
  const { actorName: actor, changes } = entry
  const email = typeof changes.email?.after === 'string' ? changes.email.after : entry.label
  if (entry.action === 'created') {
    const role = roleOf(entry, 'after')
    return `${actor} invited ${email}${role ? ` as ${role}` : ''}`
  }
  if (entry.action === 'deleted') return `${actor} withdrew the invitation for ${entry.label}`
  return `${actor} changed the invitation for ${entry.label}${changeList(entry, Object.keys(changes))}`
}

function describeUsage(entry: ActivityEntry): string {
  const { actorName: actor, changes } = entry
  const side = entry.action === 'deleted' ? 'before' : 'after'
  const hours = changes.hours?.[side]
  const date = changes.date?.[side]
  const amount = typeof hours === 'string' || typeof hours === 'number' ? `${formatHours(hours)} h of usage` : 'usage'
  const day = typeof date === 'string' && CALENDAR_DAY.test(date) ? ` on ${formatCalendarDay(date)}` : ''
  const what = quoted(entry.label)
  if (entry.action === 'created') return `${actor} logged ${amount} for ${what}${day}`
  if (entry.action === 'deleted') return `${actor} deleted ${amount} for ${what}${day}`
  return `${actor} changed usage for ${what}${changeList(entry, Object.keys(changes))}`
}

// The outbox's worker sent a message, or kept it while delivery is off (docs/product.md#email).
function describeMail(entry: ActivityEntry): string {
  const to = entry.changes.to?.after
  const recipient = typeof to === 'string' ? ` to ${to}` : ''
  if (entry.changes.delivery?.after === 'kept')
    return `${entry.actorName} kept email ${quoted(entry.label)}${recipient} (not sent: delivery is off)`
  return `${entry.actorName} emailed ${quoted(entry.label)}${recipient}`
}

function describeOrganisation(entry: ActivityEntry): string {
  const { actorName: actor, changes } = entry
  if (entry.action === 'created') return `${actor} created the organisation ${quoted(entry.label)}`
  if (entry.action === 'deleted') return `${actor} deleted the organisation ${quoted(entry.label)}`
  const { name } = changes
  if (name && typeof name.before === 'string' && typeof name.after === 'string') {
    const others = Object.keys(changes).filter((field) => field !== 'name')
    return `${actor} renamed the organisation from ${quoted(name.before)} to ${quoted(name.after)}${alsoChanged(others)}`
  }
  return `${actor} changed the organisation${changeList(entry, Object.keys(changes))}`
}

// A decline's reason is said in the sentence while it is short; a longer one is in the details.
const SHORT_REASON = 80

/**
 * A renter's request (docs/product.md#renters): made by the renter, answered by an operator,
 * withdrawn by the renter, or expired by the app itself.
 * 'Sam Roe requested "U11 Practice" for Hawks on Rink A, Tue, Dec 1, 10:00 AM – 11:00 AM'
 * 'Dana Lee declined the request "U11 Practice" (Tue, Dec 1, 10:00 AM): The ice is being resurfaced'
 */
function describeRequest(entry: ActivityEntry): string {
  const { actorName: actor, changes } = entry
  const timeZone = zoneOf(entry)
  const title = quoted(entry.label)
  if (entry.action === 'requested') {
    const client = typeof changes.client?.after === 'string' ? ` for ${changes.client.after}` : ''
    const where = typeof changes.space?.after === 'string' ? ` on ${changes.space.after}` : ''
    const when = span(changes.start?.after ?? null, changes.end?.after ?? null, timeZone)
    return `${actor} requested ${title}${client}${where}${when ? `, ${when}` : ''}`
  }
  const held = changes.start?.before ?? null
  const when = isInstant(held) ? ` (${formatDayDateTime(held, timeZone)})` : ''
  const request = `the request ${title}${when}`
  switch (entry.action) {
    case 'approved':
      return `${actor} approved ${request}`
    case 'declined': {
      const reason = changes.reason?.after
      const why = typeof reason === 'string' && reason !== '' ? (reason.length <= SHORT_REASON ? `: ${reason}` : ' with a reason') : ''
      return `${actor} declined ${request}${why}`
    }
    case 'withdrawn':
      return `${actor} withdrew ${request}`
    case 'expired':
      return `The request ${title}${when} expired unanswered`
    default:
      return describeThing(entry)
  }
}

/** A renter's waitlist window joined or left, and released ice claimed from it (docs/product.md#renters). */
function describeWaitlist(entry: ActivityEntry): string {
  const { actorName: actor, changes } = entry
  const space = entry.label
  const side = entry.action === 'deleted' ? 'before' : 'after'
  const client = changes.client?.[side]
  const forClient = typeof client === 'string' ? ` for ${client}` : ''
  if (entry.action === 'claimed') {
    const when = span(changes.start?.after ?? null, changes.end?.after ?? null, zoneOf(entry))
    return `${actor} claimed released ice on ${space}${forClient}${when ? `, ${when}` : ''}`
  }
  const date = changes.date?.[side]
  const from = changes.from?.[side]
  const to = changes.to?.[side]
  const day = typeof date === 'string' && CALENDAR_DAY.test(date) ? ` on ${formatCalendarDay(date)}` : ''
  const window =
    typeof from === 'string' && typeof to === 'string' && TIME_OF_DAY.test(from) && TIME_OF_DAY.test(to)
      ? `, ${formatTimeOfDay(from)} – ${formatTimeOfDay(to)}`
      : ''
  if (entry.action === 'created') return `${actor} joined the waitlist for ${space}${forClient}${day}${window}`
  if (entry.action === 'deleted') return `${actor} left the waitlist for ${space}${forClient}${day}${window}`
  return describeThing(entry)
}

/** Facilities, spaces, clients, contracts and screens, and anything the trail learns of later. */
function describeThing(entry: ActivityEntry): string {
  const { actorName: actor, changes } = entry
  const thing = `${ENTITY_NOUNS[entry.entity] ?? entry.entity} ${quoted(entry.label)}`
  if (entry.action === 'created') return `${actor} ${entry.entity === 'payment' ? 'recorded' : 'created'} ${thing}`
  if (entry.action === 'deleted') return `${actor} deleted ${thing}`
  if (entry.action === 'issued') return `${actor} issued ${thing}`
  if (entry.action === 'voided') return `${actor} voided ${thing}`
  if (entry.action !== 'updated') return `${actor} ${entry.action} ${thing}`
  const { name } = changes
  const fields = Object.keys(changes)
  if (name && typeof name.before === 'string' && typeof name.after === 'string') {
    const others = fields.filter((field) => field !== 'name')
    return `${actor} renamed ${ENTITY_NOUNS[entry.entity] ?? entry.entity} ${quoted(name.before)} to ${quoted(name.after)}${alsoChanged(others)}`
  }
  if (fields.length === 0) return `${actor} saved ${thing} without changes`
  return `${actor} changed ${thing}${changeList(entry, fields)}`
}

/** The entry as one sentence: `Dana Lee moved "U11 Practice" from Tue, Dec 1, 10:00 AM to 11:00 AM`. */
export function describeActivity(entry: ActivityEntry): string {
  switch (entry.entity) {
    case 'event':
      return describeEvent(entry)
    case 'member':
      return describeMember(entry)
    case 'invitation':
      return describeInvitation(entry)
    case 'usage':
      return describeUsage(entry)
    case 'organisation':
      return describeOrganisation(entry)
    case 'mail':
      return describeMail(entry)
    case 'request':
      return describeRequest(entry)
    case 'waitlist':
      return describeWaitlist(entry)
    default:
      return describeThing(entry)
  }
}
