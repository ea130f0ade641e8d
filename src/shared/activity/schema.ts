import { z } from 'zod'
import { DATE_RANGE_MESSAGE, isYearInRange } from '@shared/schema-fields'

// The activity trail's vocabulary (docs/product.md#activity). The database's checks on
// activity_entries list the same words.

// 'sent': the outbox's worker sent (or, with delivery off, kept) a message (docs/product.md#email).
// The renters' portal's words (docs/product.md#renters): a renter 'requested' ice and 'withdrawn' a
// request, an operator 'approved' or 'declined' it, a hold left unanswered 'expired', a booking was
// 'released', and released ice was 'claimed' from the waitlist.
export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'sent',
  'issued',
  'voided',
  'requested',
  'approved',
  'declined',
  'expired',
  'withdrawn',
  'released',
  'claimed',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const ACTIVITY_ENTITIES = [
  'event',
  'facility',
  'space',
  'client',
  'contract',
  'usage',
  'screen',
  'member',
  'invitation',
  'organisation',
  'closure',
  'mail',
  'invoice',
  'payment',
  'rate',
  'renter',
  'request',
  'waitlist',
] as const
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number]

/** The 'kind of thing' filter's labels. */
export const ACTIVITY_ENTITY_LABELS: Record<ActivityEntity, string> = {
  event: 'Events',
  facility: 'Facilities',
  space: 'Spaces',
  client: 'Clients',
  contract: 'Contracts',
  usage: 'Usage',
  screen: 'Screens',
  member: 'Members',
  invitation: 'Invitations',
  organisation: 'Organisation',
  closure: 'Closures',
  mail: 'Email',
  invoice: 'Invoices',
  payment: 'Payments',
  rate: 'Rates',
  renter: 'Renters',
  request: 'Requests',
  waitlist: 'Waitlist',
}

/** A changed field's value as the trail keeps it: names rather than ids, instants as ISO strings. */
export type ActivityScalar = string | number | boolean | null
const activityScalar = z.union([z.string(), z.number(), z.boolean(), z.null()])
/**
 * A series edit's `occurrences` (ADR 0046): each occurrence's own fields before, or after, in one
 * order; every other field's value is a scalar.
 */
export type ActivityOccurrence = Record<string, ActivityScalar>
export type ActivityValue = ActivityScalar | ActivityOccurrence[]
export const activityValue = z.union([activityScalar, z.array(z.record(z.string(), activityScalar))])

/** Each changed field, before → after; a creation has only afters, a deletion only befores. */
export type ActivityChanges = Record<string, { before: ActivityValue; after: ActivityValue }>
export const activityChanges = z.record(z.string(), z.object({ before: activityValue, after: activityValue }))

export const ACTIVITY_PAGE_SIZE = 50

// Kept as the string it was sent as; the years are the app's one range.
const optionalInstant = z.iso
  .datetime({ offset: true, error: 'Please enter a valid date' })
  .refine((value) => isYearInRange(new Date(value).getUTCFullYear()), DATE_RANGE_MESSAGE)
  .optional()

/**
 * GET /api/activity: newest first, a page at a time. `before` is the cursor the previous page
 * returned (the last entry's instant and id). `from` and `to` bound the date range as instants (the browser turns the chosen days
 * into its own midnights); `entityId` asks for one thing's history, as the event sheet does.
 */
export const activityQuery = z
  .object({
    person: z.string().trim().min(1).max(100).optional(),
    kind: z.enum(ACTIVITY_ENTITIES, { error: 'Please choose a kind of thing' }).optional(),
    from: optionalInstant,
    to: optionalInstant,
    entityId: z.string().trim().min(1).max(100).optional(),
    before: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_\d{1,18}$/, 'Invalid cursor')
      .optional(),
  })
  .refine((query) => !query.from || !query.to || new Date(query.from) < new Date(query.to), {
    message: 'The end of the range must be after its start',
    path: ['to'],
  })
export type ActivityQuery = z.infer<typeof activityQuery>
