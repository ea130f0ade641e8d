import { z } from 'zod'
import { LIMITS } from '@shared/limits'

const { hoursAheadMin, hoursAheadMax, hoursAheadDefault } = LIMITS.marketing
const HOURS_AHEAD_MESSAGE = `Hours ahead must be a whole number from ${hoursAheadMin} to ${hoursAheadMax}`

/** GET availability for one facility; coerces because it arrives as a query string. */
export const availabilityQuery = z.object({
  facilityId: z.uuid({ error: 'Please select a facility' }),
  hoursAhead: z.coerce
    .number<string | number>({ error: HOURS_AHEAD_MESSAGE })
    .int(HOURS_AHEAD_MESSAGE)
    .min(hoursAheadMin, HOURS_AHEAD_MESSAGE)
    .max(hoursAheadMax, HOURS_AHEAD_MESSAGE)
    .default(hoursAheadDefault),
})
export type AvailabilityQueryValues = z.input<typeof availabilityQuery>
export type AvailabilityQuery = z.output<typeof availabilityQuery>
