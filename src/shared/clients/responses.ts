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

/** A row of an import file as 'Import Clients' reads it (docs/product.md#importing-clients). */
export const importPreviewRow = z.object({
  /** The file line the row starts on; the header is line 1. */
  line: z.int().min(2),
  // As the file has them: any may be missing, the name too.
  values: client
    .pick({
      email: true,
      phone: true,
      secondaryPhone: true,
      company: true,
      address: true,
      city: true,
      provinceState: true,
      postalCode: true,
      country: true,
      website: true,
      notes: true,
    })
    .extend({ name: z.string().nullable(), emailConfirmations: z.boolean().nullable() }),
  /** 'Row 7: email is not valid'; empty when the row can be imported. */
  errors: z.array(z.string()),
  /** The organisation's client the row is already: importing skips it. */
  match: z.object({ clientId: z.uuid(), clientName: z.string(), by: z.enum(['email', 'name']) }).nullable(),
})

/**
 * POST /api/clients/import/preview. valid: rows without errors; matched: those of them that are
 * already clients (skipped), so valid − matched clients would be created.
 */
export const importPreviewResponse = z.object({
  rows: z.array(importPreviewRow),
  summary: z.object({
    total: z.int().nonnegative(),
    valid: z.int().nonnegative(),
    invalid: z.int().nonnegative(),
    matched: z.int().nonnegative(),
  }),
  /** Headers of columns that are not imported (the export's Created and Client ID are not listed). */
  ignoredColumns: z.array(z.string()),
})

/** POST /api/clients/import: the clients created, and the rows skipped as already clients. */
export const importResponse = z.object({ imported: z.int().nonnegative(), skipped: z.int().nonnegative() })
