import { z } from 'zod'
import { instant } from '@shared/response-fields'

export const facility = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  /** The IANA zone every day and midnight of the facility is computed in. */
  timeZone: z.string(),
  createdAt: instant,
})

/** GET /api/facilities, newest first. */
export const facilityListResponse = z.object({ facilities: z.array(facility) })

/** GET /api/facilities/count */
export const facilityCountResponse = z.object({ count: z.int().nonnegative() })

/** GET /api/facilities/:id, POST /api/facilities */
export const facilityResponse = z.object({ facility })
