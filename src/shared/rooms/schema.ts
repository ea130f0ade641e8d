import { z } from 'zod'
import { LIMITS, ROOM_TYPES } from '@shared/limits'
import { optionalText, requiredText, timeOfDay, whenValid } from '@shared/schema-fields'

const INTERVALS = LIMITS.room.bookingIntervalOptions
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
    description: optionalText(LIMITS.room.description, 'Description'),
    operatingStartTime: timeOfDay('Please enter an opening time').default(LIMITS.room.defaultOperatingStart),
    operatingEndTime: timeOfDay('Please enter a closing time').default(LIMITS.room.defaultOperatingEnd),
    bookingInterval: z
      .literal(INTERVALS, {
        error: `Please choose a booking interval of ${INTERVALS.slice(0, -1).join(', ')} or ${INTERVALS.at(-1)} minutes`,
      })
      .default(LIMITS.room.defaultBookingInterval),
  })
  // 'HH:MM' strings sort like the times they name.
  .refine(({ operatingStartTime, operatingEndTime }) => operatingEndTime > operatingStartTime, {
    message: 'Closing time must be after opening time',
    path: ['operatingEndTime'],
    ...whenValid('operatingStartTime', 'operatingEndTime'),
  })
export type RoomFormValues = z.input<typeof roomInput>
export type RoomInput = z.output<typeof roomInput>
