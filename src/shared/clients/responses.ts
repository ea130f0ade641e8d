import { z } from 'zod'
import { instant } from '@shared/response-fields'

export const client = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  secondaryPhone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  provinceState: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  /** With its scheme: the page renders it as a link. */
  website: z.string().nullable(),
  notes: z.string().nullable(),
  /** 'Email booking confirmations': bookings, changes and cancellations are e-mailed to the client's email. */
  emailConfirmations: z.boolean(),
  /** When the client unsubscribed from marketing; they are never sent marketing again. */
  marketingUnsubscribedAt: instant.nullable(),
  createdAt: instant,
})

/** What deleting the client touches (ADR 0006): its contracts and their usage logs go, its events stay. */
export const clientDependents = z.object({
  contracts: z.int().nonnegative(),
  usageLogs: z.int().nonnegative(),
  events: z.int().nonnegative(),
})

/** GET /api/clients, by name. */
export const clientListResponse = z.object({ clients: z.array(client) })

/** POST /api/clients, PUT /api/clients/:id */
export const clientResponse = z.object({ client })

/** GET /api/clients/:id */
export const clientDetailResponse = z.object({ client, dependents: clientDependents })
