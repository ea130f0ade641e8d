import { randomUUID } from 'node:crypto'

/**
 * A new event's id: a UUID version 7 (RFC 9562), its first 48 bits the time in milliseconds and
 * the other 74 of its 122 free bits random, so ids stay unguessable. Booked one after another,
 * events then take ids in order, and each booking's rows land at the end of the indexes keyed by
 * the event's id (schedules, space_occupancy, contract_usage, the activity trail's entity_id)
 * instead of on a random page of each: fewer pages read and written, and fewer full-page images
 * in the WAL after each checkpoint (ADR 0027).
 */
export function newEventId(now: number = Date.now()): string {
  // The random bits come from randomUUID, which draws on a buffer of entropy it keeps filled,
  // rather than from a call into the random source for every id (randomBytes). Its version
  // digit (index 14) becomes 7; its variant bits are already those of RFC 9562.
  const time = now.toString(16).padStart(12, '0')
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`
}
