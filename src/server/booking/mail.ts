import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import type { Executor } from '../db/client'
import { bookingCancelledMail, bookingChangedMail, bookingConfirmedMail, enqueueMail, type BookedTime } from '../mail'
import * as repository from './repository'

/** An event as a booking's message reads it: what the booking statement or the delete returned. */
export type MailedEvent = {
  id: string
  title: string
  startTime: Date
  endTime: Date
  roomId: string
  clientId: string | null
  version: number
  eventGroupId: string | null
  changeRoom1Id: string | null
  changeRoom2Id: string | null
}

const BUILDERS = { booking_confirmed: bookingConfirmedMail, booking_changed: bookingChangedMail, booking_cancelled: bookingCancelledMail }

/**
 * The booking's one message to each of its clients that wants booking mail (docs/product.md#email),
 * written in the booking's own transaction, so a booking refused or rolled back writes none. One
 * message per change, whatever the number of events: a series lists its dates, and the two parts
 * of an event split at midnight are one booking. `key`: the event and version that make the
 * change's business key (the booking's first event for a new one, which only happens once).
 */
export async function enqueueBookingMail(
  tx: Executor,
  organisationId: string,
  kind: keyof typeof BUILDERS,
  events: readonly MailedEvent[],
  key: { id: string; version: number | null },
): Promise<number> {
  const clientIds = [...new Set(events.flatMap((event) => (event.clientId === null ? [] : [event.clientId])))]
  const roomIds = [...new Set(events.flatMap((event) => [event.roomId, event.changeRoom1Id, event.changeRoom2Id]))].filter(
    (id): id is string => id !== null,
  )
  const context = await repository.findBookingMailContext(tx, organisationId, clientIds, roomIds)
  if (context.clients.length === 0) return 0
  const mails = context.clients.flatMap((client) => {
    const own = [...events].filter((event) => event.clientId === client.id).sort((a, b) => a.startTime.getTime() - b.startTime.getTime())
    const first = own[0]
    const room = first ? context.rooms.get(first.roomId) : undefined
    if (!first || !room) return []
    const businessKey = [
      kind,
      key.id,
      ...(key.version === null ? [] : [key.version]),
      ...(context.clients.length > 1 ? [client.id] : []),
    ].join(':')
    return [
      BUILDERS[kind]({
        organisationId,
        to: client.email,
        clientName: client.name,
        facilityName: room.facilityName,
        timeZone: room.timeZone,
        title: stripSplitSuffix(first.title),
        bookings: bookingsOf(own, context.rooms),
        changeRooms: changeRoomsOf(first, context.rooms),
        businessKey,
      }),
    ]
  })
  return mails.length === 0 ? 0 : enqueueMail(tx, mails)
}

// The parts of an event split at midnight are one booking, from the first part's start to the last's end.
function bookingsOf(events: readonly MailedEvent[], rooms: Map<string, { name: string }>): BookedTime[] {
  const byBooking = new Map<string, BookedTime>()
  for (const event of events) {
    const key = event.eventGroupId ?? event.id
    const found = byBooking.get(key)
    if (found) {
      if (event.startTime < found.start) found.start = event.startTime
      if (event.endTime > found.end) found.end = event.endTime
    } else byBooking.set(key, { start: event.startTime, end: event.endTime, spaceName: rooms.get(event.roomId)?.name ?? '' })
  }
  return [...byBooking.values()].sort((a, b) => a.start.getTime() - b.start.getTime())
}

// A game's two change rooms are the home team's and the away team's; any event may name one.
function changeRoomsOf(event: MailedEvent, rooms: Map<string, { name: string }>): string[] {
  const home = event.changeRoom1Id ? rooms.get(event.changeRoom1Id)?.name : undefined
  const away = event.changeRoom2Id ? rooms.get(event.changeRoom2Id)?.name : undefined
  if (home && away) return [`Home: ${home}`, `Away: ${away}`]
  return [home, away].filter((name): name is string => name !== undefined)
}
