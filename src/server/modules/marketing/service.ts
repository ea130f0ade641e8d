import type { AvailabilityQuery } from '@shared/marketing/schema'
import { computeSlots } from '@shared/scheduling/slots'
import { closureCloses } from '@shared/scheduling/space-tree'
import type { Db } from '../../db/client'
import { listClosuresInRange } from '../../booking'
import { getFacility } from '../facilities/service'
import * as repository from './repository'

const MS_PER_MINUTE = 60 * 1000
const MS_PER_HOUR = 60 * MS_PER_MINUTE

/**
 * Every sellable room of the facility with its slots from now to now + hoursAhead, in four
 * queries whatever the number of rooms: the facility, its rooms, what keeps them busy (their
 * bookings, their wholes' and their parts', with changeovers) and the facility's closures.
 */
export async function readAvailability(db: Db, organisationId: string, { facilityId, hoursAhead }: AvailabilityQuery, now: Date) {
  const facility = await getFacility(db, organisationId, facilityId)

  const window = { start: now, end: new Date(now.getTime() + hoursAhead * MS_PER_HOUR) }
  const rooms = await repository.listSellableRooms(db, organisationId, facilityId)
  // Reaching back by the longest changeover: a slot is sold only if it and the changeover after
  // it are free, so a booking that starts up to that long after the window's end still matters.
  const longestChangeover = Math.max(0, ...rooms.map((room) => room.changeoverMinutes))
  const busy =
    rooms.length > 0
      ? await repository.listBusyOverlapping(
          db,
          organisationId,
          rooms.map(({ id }) => id),
          { start: window.start, end: new Date(window.end.getTime() + longestChangeover * MS_PER_MINUTE) },
        )
      : []
  const closures = await listClosuresInRange(db, organisationId, { from: window.start, to: window.end, facilityId, roomId: null })
  const spaces = rooms.map(({ id, parentId, type }) => ({ id, parentId, type }))

  return {
    facility: { id: facility.id, name: facility.name, timeZone: facility.timeZone },
    window,
    // Each room names the whole it is part of, so that the email sells a sheet and its halves as one inventory.
    rooms: rooms.map(({ operatingStartTime, operatingEndTime, bookingInterval, changeoverMinutes, ...room }) => ({
      ...room,
      slots: computeSlots({
        operatingStart: operatingStartTime,
        operatingEnd: operatingEndTime,
        bookingInterval,
        // A slot and the room's changeover after it must both be free: each busy span reaches
        // back by the changeover, which is the same as the slot reaching forward by it.
        // A closure is busy for its own span only: a changeover may run into it.
        events: [
          ...busy
            .filter((span) => span.roomId === room.id)
            .map((span) => ({ start: new Date(span.start.getTime() - changeoverMinutes * MS_PER_MINUTE), end: span.end })),
          ...closures
            .filter((closure) => closureCloses(spaces, closure.spaceId, room.id))
            .map((closure) => ({ start: closure.startTime, end: closure.endTime })),
        ],
        now,
        hoursAhead,
        timeZone: facility.timeZone,
      }),
    })),
  }
}
