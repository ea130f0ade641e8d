import { z } from 'zod'
import { LIMITS, ROOM_TYPES } from '@shared/limits'
import { PART_OF_MESSAGES } from '@shared/scheduling/space-tree'
import { parseClosingTime, parseTimeOfDay } from '@shared/scheduling/time-of-day'
import { optionalText, requiredText, timeOfDay, whenValid } from '@shared/schema-fields'

const INTERVALS = LIMITS.room.bookingIntervalOptions
const CHANGEOVERS = LIMITS.room.changeoverOptions
export const ACCEPTS_REQUESTS_CHANGE_ROOM_MESSAGE = 'A change room cannot accept requests'
const CAPACITY_MESSAGE = `Capacity must be a whole number of at least ${LIMITS.room.capacityMin}`

export const roomInput = z
  .object({
    name: requiredText(LIMITS.room.name, { label: 'Name', required: 'Please enter a name' }),
    type: z.enum(ROOM_TYPES, { error: 'Please select a type' }),
    // Optional: forms send null for an empty field.
    capacity: z
      .int({ error: CAPACITY_MESSAGE })
      .min(LIMITS.room.capacityMin, CAPACITY_MESSAGE)
      .max(LIMITS.room.capacityMax, `Capacity must be ${LIMITS.room.capacityMax} or less`)
      .nullish()
      .transform((value) => value ?? null),
    description: optionalText(LIMITS.room.description, 'Description', { multiline: true }),
    operatingStartTime: timeOfDay('Please enter an opening time').default(LIMITS.room.defaultOperatingStart),
    operatingEndTime: timeOfDay('Please enter a closing time').default(LIMITS.room.defaultOperatingEnd),
    bookingInterval: z
      .literal(INTERVALS, {
        error: `Please choose a booking interval of ${INTERVALS.slice(0, -1).join(', ')} or ${INTERVALS.at(-1)} minutes`,
      })
      .default(LIMITS.room.defaultBookingInterval),
    // 'Part of': the whole this space is a part of, a non-change-room space of the same facility;
    // null for 'None'. The server checks the facility, the type and that no loop forms.
    parentId: z
      .uuid({ error: 'Please choose a space of this facility' })
      .nullish()
      .transform((value) => value ?? null),
    changeoverMinutes: z
      .literal(CHANGEOVERS, {
        error: `Please choose a changeover of ${CHANGEOVERS.slice(0, -1).join(', ')} or ${CHANGEOVERS.at(-1)} minutes`,
      })
      .default(LIMITS.room.defaultChangeover),
    // 'Accept requests': renters may ask for this space's free time (docs/product.md#renters).
    // Left out, a new space does not and an edit keeps what it has.
    acceptsRequests: z.boolean({ error: 'Accept requests must be on or off' }).optional(),
  })
  // A closing of 12:00 AM ('00:00') is the midnight that ends the day (parseClosingTime).
  .refine(({ operatingStartTime, operatingEndTime }) => parseClosingTime(operatingEndTime) > parseTimeOfDay(operatingStartTime), {
    message: 'Closing time must be after opening time',
    path: ['operatingEndTime'],
    ...whenValid('operatingStartTime', 'operatingEndTime'),
  })
  .refine(({ type, parentId }) => type !== 'change_room' || parentId === null, {
    message: PART_OF_MESSAGES.changeRoom,
    path: ['parentId'],
    ...whenValid('type', 'parentId'),
  })
  // A change room is never booked on its own, so nobody can ask for it either.
  .refine(({ type, acceptsRequests }) => type !== 'change_room' || acceptsRequests !== true, {
    message: ACCEPTS_REQUESTS_CHANGE_ROOM_MESSAGE,
    path: ['acceptsRequests'],
    ...whenValid('type', 'acceptsRequests'),
  })
export type RoomFormValues = z.input<typeof roomInput>
export type RoomInput = z.output<typeof roomInput>

/**
 * DELETE /api/rooms/:id?parts=keep|delete: what becomes of a whole's parts. 'keep' (the default)
 * keeps them and their events, as parts of the deleted space's own whole or standalone; 'delete'
 * deletes them with it, events and all.
 */
export const roomDeleteQuery = z.object({
  parts: z.enum(['keep', 'delete'], { error: 'Please choose what happens to its parts' }).default('keep'),
})
export type RoomDeleteQuery = z.output<typeof roomDeleteQuery>
