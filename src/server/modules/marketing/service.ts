import type { AvailabilityQuery } from '@shared/marketing/schema'
import { computeSlots } from '@shared/scheduling/slots'
import type { Db } from '../../db/client'
import { getFacility } from '../facilities/service'
import * as repository from './repository'

const MS_PER_HOUR = 60 * 60 * 1000

/**
 * Every sellable room of the facility with its slots from now to now + hoursAhead, in three
 * queries whatever the number of rooms: the facility, its rooms, and their events.
 */
export async function readAvailability(db: Db, organisationId: string, { facilityId, hoursAhead }: AvailabilityQuery, now: Date) {
  const facility = await getFacility(db, organisationId, facilityId)

  const window = { start: now, end: new Date(now.getTime() + hoursAhead * MS_PER_HOUR) }
  const rooms = await repository.listSellableRooms(db, organisationId, facilityId)
  const events =
    rooms.length > 0
      ? await repository.listEventsOverlapping(
          db,
          organisationId,
          rooms.map(({ id }) => id),
          window,
        )
      : []

  return {
    facility: { id: facility.id, name: facility.name, timeZone: facility.timeZone },
    window,
    rooms: rooms.map(({ operatingStartTime, operatingEndTime, bookingInterval, ...room }) => ({
      ...room,
      slots: computeSlots({
        operatingStart: operatingStartTime,
        operatingEnd: operatingEndTime,
        bookingInterval,
        events: events.filter((event) => event.roomId === room.id),
        now,
        hoursAhead,
        timeZone: facility.timeZone,
      }),
    })),
  }
}
