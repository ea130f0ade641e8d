import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { fileTypeFromBuffer } from 'file-type'
import type { Hono } from 'hono'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { forgotPasswordInput, signUpInput } from '@shared/auth/schema'
import { importInput, IMPORT_LIMITS } from '@shared/clients/import'
import { clientInput } from '@shared/clients/schema'
import { closureInput, closurePreviewInput } from '@shared/closures/schema'
import { holidayClosuresInput, holidayClosuresPreviewInput } from '@shared/closures/holidays'
import {
  billingSettingsInput,
  generateInvoicesInput,
  invoiceDiscountInput,
  invoiceLineInput,
  rateInput,
  removeInvoiceLineInput,
  voidInvoiceInput,
} from '@shared/billing/schema'
import { recordPaymentInput } from '@shared/billing/payments'
import { contractInput, usageInput } from '@shared/contracts/schema'
import { createEventInput, eventPreviewInput, updateEventInput } from '@shared/events/schema'
import { DATE_RANGE_MESSAGE } from '@shared/schema-fields'
import { facilityInput } from '@shared/facilities/schema'
import { createFeedInput, updateFeedInput } from '@shared/feeds/schema'
import { createRequestInput, declineRequestInput } from '@shared/renting/requests'
import { roomInput } from '@shared/rooms/schema'
import { screenInput } from '@shared/screens/schema'
import {
  setupChangeRoomsInput,
  setupDisplayRoomsInput,
  setupDisplaysInput,
  setupSpacesInput,
  skipSetupStepInput,
} from '@shared/setup/schema'
import { ROLES } from '@shared/team/roles'
import { invitationInput, invitationSignUpInput, memberRoleInput, organisationInput, switchOrganisationInput } from '@shared/team/schema'
import { portalInvitationInput } from '@shared/portal/schema'
import { claimOfferInput, joinWaitlistInput } from '@shared/renting/waitlist'
import { holdIce } from '../booking'
import type { Db } from '../db/client'
import {
  bookingRequests,
  calendarFeeds,
  clientRenters,
  clients,
  contracts,
  facilities,
  invoiceLines,
  invoices,
  memberships,
  rooms,
  screens,
  setupRuns,
  users,
  waitlistEntries,
  waitlistOfferRecipients,
  waitlistOffers,
} from '../db/schema'
import { listAppRoutes, routeKey } from './app-routes'
import { DST_EDGES, hostileBody, hostileScalar, MARKUP_TEXTS, type HostileBody } from './hostile-values'
import { PNG_1X1, seedOwnerData, type OwnerData } from './owner-data'
import { changedTables, createFingerprinter, listTables, type Fingerprint } from './table-fingerprint'
import { useTestApp } from './setup'
import { OPEN_AROUND_THE_CLOCK, TEST_ORIGIN, type TestUser } from './test-app'
import { testDatabaseKinds } from './test-database'
import { sendSelloffInput } from '@shared/mail/schema'
import { readEnv } from '../env'
import { unsubscribeToken } from '../modules/marketing/unsubscribe-token'

// Thousands of malformed and extreme requests per write route. Every one is answered
// with a 4xx and a message (never a 5xx), a refused one changes nothing in the database, and
// a 2xx only ever answers a body that the route's own schema accepts.

const RUNS_PER_ROUTE = 1000
// The facility feed PUT /api/feeds/:id edits, made by that route's arrange.
const HOSTILE_FEED_ID = '0190f0f0-0000-7000-8000-000000000fee'
const PROPERTY_TIMEOUT_MS = 120_000
// A's client, draft invoice (with a booking line) and issued invoice that the invoice routes edit,
// made by their arrange (docs/product.md#billing).
const HOSTILE_BILLING = {
  clientId: '0190f0f0-0000-7000-8000-0000000b111c',
  draftId: '0190f0f0-0000-7000-8000-0000000b111d',
  lineId: '0190f0f0-0000-7000-8000-0000000b1111',
  issuedId: '0190f0f0-0000-7000-8000-0000000b1115',
} as const

type BodyRoute = {
  route: string
  // The app's route that answers it, when that is a catch-all.
  covers?: string
  path: (a: OwnerData) => string
  valid: (a: OwnerData) => Record<string, unknown>
  // A 2xx is right only for a body this accepts; null: no generated body can be right.
  accepts: z.ZodType | null
  // Fields to try at their edges while the rest of the body stays valid.
  focus?: (a: OwnerData) => fc.Arbitrary<Record<string, unknown>>
  isAnonymous?: boolean
  // Sent by a renter of A's client (a portal route, docs/product.md#renters) rather than A's Owner.
  asRenter?: boolean
  // Reads no body at all: whatever is sent, even what is not JSON, is ignored, so a 2xx is right.
  ignoresBody?: boolean
  // Sign-in records every failure: that write is the point of the limiter (ASVS V6.3.1).
  writesOnRefusal?: string[]
  // Puts back what an earlier route's accepted bodies may have changed, before this one is tried.
  arrange?: (db: Db, a: OwnerData) => Promise<void>
  // Fewer bodies for a route that reads none and does a whole write's work for each: what is sent
  // cannot matter to it, and a thousand of them cost most of a minute.
  runs?: number
}

const validRoom = {
  name: 'Hostile Rink',
  type: 'rink',
  capacity: 20,
  description: 'Ice',
  operatingStartTime: '06:00',
  operatingEndTime: '23:00',
  bookingInterval: 30,
}
const validClient = {
  name: 'Hostile Club',
  email: 'club@example.com',
  phone: '555-0100',
  secondaryPhone: null,
  company: 'Club Inc.',
  address: '1 Main St',
  city: 'Springfield',
  provinceState: 'ON',
  postalCode: 'K1A 0B1',
  country: 'Canada',
  website: 'example.com',
  notes: 'Notes',
}
// Files for 'Import Clients': formulas, markup, binary, quotes left open, a header only, 10,001
// rows, past 2 MB; and cells of hostile text in an otherwise good file.
const VALID_IMPORT_CSV = 'Name,Email,Phone\nHostile Import Club,import@example.com,555-0100\n'
const importCell = hostileScalar.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')))
const IMPORT_ROWS = (count: number) => ['Name', ...Array.from({ length: count }, (_, i) => `Club ${i}`)].join('\n')
const hostileImportCsv = fc.oneof(
  fc.constantFrom(
    'Name,Notes\n=HYPERLINK("http://example.com"),@SUM(1+1)\n+1,-2\n',
    "Name,Website\n'=cmd|' /C calc'!A0,javascript:alert(1)\n",
    'Name,Email\n"<script>alert(1)</script>","<img src=x onerror=alert(1)>"\n',
    'Name\n"open quote\n',
    'Name\n',
    '\uFEFF',
    'Name,Name\nA,B\n',
    'Email\nx@example.com\n',
    'Name\nA\u0000B\n',
    'Name,Website\nNul Club,example.com/\u0000\n',
    '\u0000\u0001\u0002\u00ff\ufffd\ud800',
    IMPORT_ROWS(IMPORT_LIMITS.maxRows + 1),
    'Name\n' + 'x'.repeat(IMPORT_LIMITS.maxBytes),
    7,
    null,
    ['Name'],
    { name: 'Name' },
  ),
  fc
    .array(fc.tuple(importCell, importCell), { maxLength: 4 })
    .map((rows) => ['Name,Email', ...rows.map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))].join('\r\n')),
  fc.string({ maxLength: 200 }),
)
const timeZones = fc.constantFrom(
  'America/New_York',
  'Mars/Olympus',
  'UTC+5',
  'EST5EDT',
  'Etc/GMT+14',
  '../../etc/localtime',
  ' utc ',
  'America/Argentina/ComodRivadavia',
  '',
)
const hours = fc.oneof(
  fc.constantFrom(-1, -0.25, 0, 0.005, 0.25, 1.25, 99_999.99, 100_000.01, 1e308, 'NaN', '2', 'Infinity', null),
  hostileScalar,
)
const wallTimes = fc.constantFrom(...DST_EDGES.filter((edge) => edge.length <= 8), '00:00', '23:59', '9:00', '09:00:00')
const dates = fc.constantFrom(...DST_EDGES.filter((edge) => edge.length === 10), '2026-03-07', '2027-03-14', '0000-01-01', '9999-12-31')
const instants = fc.constantFrom(...DST_EDGES.filter((edge) => edge.includes('T')))

const wholes = (a: OwnerData) =>
  fc.constantFrom(null, a.rinkId, a.changeRoomId, a.setupSpaceIds[0], a.facilityId, a.clientId, '', 'not-a-uuid', 7)
const changeovers = fc.constantFrom(0, 5, 30, 7, -5, 60, 1e9, '10', null, 'None')
// Where a contract applies (ADR 0029): a change room, a space of another facility, not a space at
// all, too many spaces, types that are not bookable.
const contractScopes = (a: OwnerData) => ({
  appliesTo: fc.constantFrom('all', 'types', 'spaces', 'Ice', '', null, 1),
  roomTypes: fc.constantFrom([], ['rink'], ['rink', 'rink', 'court'], ['change_room'], ['Rink'], 'rink', [null], Array(20).fill('rink')),
  spaceIds: fc.constantFrom(
    [],
    [a.rinkId],
    [a.rinkId, a.rinkId.toUpperCase()],
    [a.changeRoomId],
    [a.setupSpaceIds[0]],
    [a.facilityId],
    [a.clientId, a.rinkId],
    ['not-a-uuid'],
    a.rinkId,
    Array(501).fill(a.rinkId),
  ),
})
// A contract's name and end date (ADR 0049): blank, too long, hidden characters; an end before the
// start (2026-03-08 and 2020-01-01 in the valid bodies), impossible days, years out of range.
const contractNames = fc.oneof(
  fc.constantFrom('2026–27 Season', '', ' \u200b ', 'x'.repeat(100), 'x'.repeat(101), '\u202eSeason', 'Line\nbreak', null),
  hostileScalar,
)
const contractEndDates = fc.oneof(
  fc.constantFrom(null, '', '2026-03-07', '2026-03-08', '2027-04-30', '2026-02-30', '2101-01-01', 'tomorrow', 20270430),
  dates,
  hostileScalar,
)

// Public holidays (ADR 0050): codes of the library, names, lower case, a state of another country,
// prototype keys that a lookup by object key would find.
const holidayCountries = fc.oneof(
  fc.constantFrom('CA', 'ca', 'US', 'Canada', 'ZZ', '', 'C', 'CAN', '__proto__', 'constructor', null, 12),
  hostileScalar,
)
const holidayRegions = fc.oneof(fc.constantFrom('ON', 'on', 'NY', 'QC', 'XX', '', null, '__proto__', 'toString', 'ON-1', 0), hostileScalar)

// Amounts in minor units at and past their edges.
const hostileMoney = fc.oneof(
  fc.constantFrom(0, 1, 100_000_000, 100_000_001, 100_000_000_000, 100_000_000_001, -1, 1.5, 2 ** 53, 1e308, '100', null, 'NaN'),
  hostileScalar,
)

/** A's client with a draft invoice (one booking line) and an issued invoice, for the invoice routes. */
async function arrangeHostileInvoices(db: Db, a: OwnerData) {
  const { organisationId } = team(a)
  const { clientId, draftId, lineId, issuedId } = HOSTILE_BILLING
  await db.insert(clients).values({ id: clientId, organisationId, name: 'Hostile Billing' }).onConflictDoNothing()
  const invoice = { organisationId, clientId, periodStart: '2026-03-01', periodEnd: '2026-03-31', timeZone: 'UTC', currency: 'CAD' }
  await db
    .insert(invoices)
    .values({ ...invoice, id: draftId })
    .onConflictDoNothing()
  await db
    .insert(invoiceLines)
    .values({
      id: lineId,
      organisationId,
      invoiceId: draftId,
      position: 0,
      kind: 'booking',
      description: 'Rink',
      scheduleId: lineId,
      amountMinor: 0,
    })
    .onConflictDoNothing()
  const made = await db
    .insert(invoices)
    .values({ ...invoice, id: issuedId, subtotalMinor: 1000, totalMinor: 1000 })
    .onConflictDoNothing()
    .returning({ id: invoices.id })
  if (made.length === 0) return
  await db
    .insert(invoiceLines)
    .values({ organisationId, invoiceId: issuedId, position: 0, kind: 'custom', description: 'Ice', amountMinor: 1000 })
  await db
    .update(invoices)
    .set({
      status: 'issued',
      number: 'HOSTILE-1',
      issuedOn: '2026-03-31',
      dueOn: '2026-04-30',
      issuedAt: new Date(),
      billTo: { name: 'Hostile Billing' },
    })
    .where(eq(invoices.id, issuedId))
}

// A renter's request of A's client, pending on A's rink (which then accepts requests), for the
// operators' answer routes; made through the booking module, which alone writes its hold.
const HOSTILE_REQUEST_ID = '0190f0f0-0000-7000-8000-0000000e0e57'
async function arrangeHostileRequest(db: Db, a: OwnerData) {
  const { organisationId } = team(a)
  await db
    .update(rooms)
    .set({ acceptsRequests: true })
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, a.rinkId)))
  const [pending] = await db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, HOSTILE_REQUEST_ID), eq(bookingRequests.status, 'pending')))
  if (pending) return
  await db.delete(bookingRequests).where(eq(bookingRequests.id, HOSTILE_REQUEST_ID))
  const [facility] = await db.select({ id: rooms.facilityId }).from(rooms).where(eq(rooms.id, a.rinkId))
  const start = new Date('2031-05-06T14:00:00.000Z')
  const end = new Date('2031-05-06T15:00:00.000Z')
  await holdIce(db, organisationId, { roomId: a.rinkId, clientId: a.clientId, title: 'Hostile request', start, end }, (tx, hold) =>
    tx.insert(bookingRequests).values({
      id: HOSTILE_REQUEST_ID,
      organisationId,
      clientId: a.clientId,
      facilityId: facility!.id,
      roomId: a.rinkId,
      title: 'Hostile request',
      startTime: start,
      endTime: end,
      holdId: hold.id,
      expiresAt: new Date('2031-05-01T00:00:00.000Z'),
    }),
  )
}
// An offer of A's rink to the renter's waitlist entry, for the claim route (docs/product.md#renters).
const HOSTILE_OFFER_ID = '0190f0f0-0000-7000-8000-0000000f0ffe'
async function arrangeHostileOffer(db: Db, a: OwnerData) {
  const { organisationId } = team(a)
  const [offer] = await db.select({ id: waitlistOffers.id }).from(waitlistOffers).where(eq(waitlistOffers.id, HOSTILE_OFFER_ID))
  if (offer) return
  const [renter] = await db
    .select({ userId: clientRenters.userId })
    .from(clientRenters)
    .where(and(eq(clientRenters.organisationId, organisationId), eq(clientRenters.clientId, a.clientId)))
  const [entry] = await db
    .insert(waitlistEntries)
    .values({
      organisationId,
      clientId: a.clientId,
      roomId: a.rinkId,
      userId: renter!.userId,
      localDate: '2031-05-08',
      fromTime: '08:00',
      toTime: '12:00',
    })
    .returning({ id: waitlistEntries.id })
  await db.insert(waitlistOffers).values({
    id: HOSTILE_OFFER_ID,
    organisationId,
    roomId: a.rinkId,
    startTime: new Date('2031-05-08T14:00:00.000Z'),
    endTime: new Date('2031-05-08T15:00:00.000Z'),
  })
  await db.insert(waitlistOfferRecipients).values({ organisationId, offerId: HOSTILE_OFFER_ID, entryId: entry!.id })
}

const requestTitles = fc.oneof(
  fc.constantFrom('U11 Practice', '', ' \u200b ', 'x'.repeat(100), 'x'.repeat(101), '\u202eHawks', 'Line\nbreak', null),
  hostileScalar,
)

// A facility's 'Hold requests for' (1–336) and 'Release until' (0–720) hours, and a space's 'Accept requests'.
const rentingHours = fc.constantFrom(0, 1, 24, 336, 337, 720, 721, -1, 2.5, '24', null, 1e9)
const acceptsRequests = fc.constantFrom(true, false, 'true', 1, 0, null)

const bodyRoutes: BodyRoute[] = [
  {
    route: 'POST /api/facilities',
    path: () => '/api/facilities',
    valid: () => ({ name: 'Hostile Arena', address: '1 Main St', description: 'Rinks', timeZone: 'America/New_York' }),
    accepts: facilityInput,
    focus: () => fc.record({ timeZone: timeZones, holdRequestsHours: rentingHours, releaseUntilHours: rentingHours }),
  },
  {
    route: 'POST /api/facilities/:id/rooms',
    path: (a) => `/api/facilities/${a.facilityId}/rooms`,
    valid: () => validRoom,
    accepts: roomInput,
    focus: (a) =>
      fc.record({
        operatingStartTime: wallTimes,
        operatingEndTime: wallTimes,
        bookingInterval: fc.constantFrom(0, 15, 45, -30, 120, 1e9, '30'),
        // A whole: the rink (fine), a change room, a space of another facility, not a space at all.
        parentId: wholes(a),
        changeoverMinutes: changeovers,
        acceptsRequests,
      }),
  },
  {
    route: 'PUT /api/facilities/:id',
    path: (a) => `/api/facilities/${a.facilityId}`,
    valid: () => ({ name: 'Owner-A Arena', address: '1 Main St', description: 'Rinks', timeZone: 'America/New_York' }),
    accepts: facilityInput,
    focus: () => fc.record({ timeZone: timeZones, holdRequestsHours: rentingHours, releaseUntilHours: rentingHours }),
  },
  {
    // The rink has events and is on a screen: a body that makes it a change room is refused.
    route: 'PUT /api/rooms/:id',
    path: (a) => `/api/rooms/${a.rinkId}`,
    valid: () => ({ ...validRoom, name: 'Owner-A rink', type: 'rink' }),
    accepts: roomInput,
    focus: (a) =>
      fc.record({
        type: fc.constantFrom('rink', 'change_room', 'Change Room', '', null),
        operatingStartTime: wallTimes,
        operatingEndTime: wallTimes,
        bookingInterval: fc.constantFrom(0, 15, 45, -30, 120, 1e9, '30'),
        // Itself (a loop), a change room, a space of another facility, not a space at all.
        parentId: wholes(a),
        changeoverMinutes: changeovers,
        acceptsRequests,
      }),
  },
  { route: 'POST /api/clients', path: () => '/api/clients', valid: () => validClient, accepts: clientInput },
  // 'Import Clients' (ADR 0068): the preview writes nothing, the import all or nothing.
  {
    route: 'POST /api/clients/import/preview',
    path: () => '/api/clients/import/preview',
    valid: () => ({ csv: VALID_IMPORT_CSV }),
    accepts: importInput,
    focus: () => fc.record({ csv: hostileImportCsv }),
    runs: 300,
  },
  {
    route: 'POST /api/clients/import',
    path: () => '/api/clients/import',
    valid: () => ({ csv: VALID_IMPORT_CSV }),
    accepts: importInput,
    focus: () => fc.record({ csv: hostileImportCsv }),
    runs: 300,
  },
  { route: 'PUT /api/clients/:id', path: (a) => `/api/clients/${a.clientId}`, valid: () => validClient, accepts: clientInput },
  {
    route: 'POST /api/contracts',
    path: () => '/api/contracts',
    valid: (a) => ({
      clientId: a.clientId,
      name: 'Season',
      startDate: '2026-03-08',
      totalHours: 100,
      hoursUsed: 0,
      status: 'active',
      notes: 'Season',
    }),
    accepts: contractInput,
    focus: (a) =>
      fc.record({
        totalHours: hours,
        hoursUsed: hours,
        name: contractNames,
        startDate: dates,
        endDate: contractEndDates,
        ...contractScopes(a),
      }),
  },
  {
    route: 'PUT /api/contracts/:id',
    path: (a) => `/api/contracts/${a.contractId}`,
    valid: (a) => ({
      clientId: a.clientId,
      name: 'Season',
      startDate: '2020-01-01',
      totalHours: 5000,
      hoursUsed: 10,
      status: 'active',
      notes: null,
    }),
    accepts: contractInput,
    focus: (a) => fc.record({ totalHours: hours, hoursUsed: hours, name: contractNames, endDate: contractEndDates, ...contractScopes(a) }),
  },
  {
    route: 'POST /api/usage',
    path: () => '/api/usage',
    valid: (a) => ({ contractId: a.contractId, usageDate: '2026-11-01', hours: 1.25, description: 'Extra ice' }),
    accepts: usageInput,
    focus: () => fc.record({ hours, usageDate: dates }),
  },
  {
    route: 'POST /api/events',
    path: () => '/api/events',
    valid: (a) => ({
      roomId: a.rinkId,
      clientId: a.clientId,
      date: '2026-03-08',
      startTime: '02:30',
      durationMinutes: 60,
      title: 'Hostile game',
      description: 'Finals',
      color: '#ff0000',
      eventType: 'game',
      team1Name: 'Home',
      team2Name: 'Away',
      changeRoom1Id: a.changeRoomId,
      changeRoom2Id: null,
      recurrence: { frequency: 'weekly', endDate: '2026-04-08', weekdays: [0] },
    }),
    accepts: createEventInput,
    // The space edits before may have left the rink a changeover; bookings start from none.
    arrange: async (db, a) => {
      await db.update(rooms).set({ changeoverMinutes: 0 }).where(eq(rooms.id, a.rinkId))
    },
    focus: () =>
      fc.record({
        date: dates,
        startTime: wallTimes,
        durationMinutes: fc.constantFrom(-60, 0, 1, 59, 60, 90, 1440, 1441, 1e9, 1.5, '60'),
        skipTaken: fc.constantFrom(true, false, 'yes', 1, null),
        recurrence: fc.oneof(
          fc.constant(null),
          fc.record({
            frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly'),
            endDate: fc.constantFrom('2026-03-09', '2026-11-02', '2027-03-08', '2099-01-01', '2026-03-01'),
            weekdays: fc.constantFrom([], [0], [0, 6], [7], [-1], [0, 0, 0], 'sunday'),
          }),
        ),
      }),
  },
  {
    // Reads only: whatever it accepts, it writes nothing.
    route: 'POST /api/events/preview',
    path: () => '/api/events/preview',
    valid: (a) => ({
      roomId: a.rinkId,
      clientId: a.clientId,
      date: '2026-03-08',
      startTime: '02:30',
      durationMinutes: 60,
      changeRoom1Id: a.changeRoomId,
      recurrence: { frequency: 'daily', endDate: '2026-03-20' },
    }),
    accepts: eventPreviewInput,
    focus: (a) =>
      fc.record({
        date: dates,
        startTime: wallTimes,
        durationMinutes: fc.constantFrom(-60, 0, 1, 1440, 1441, 1.5, '60'),
        changeRoom2Id: fc.constantFrom(null, a.rinkId, a.changeRoomId, a.setupSpaceIds[0], 'not-a-uuid'),
      }),
  },
  {
    route: 'PUT /api/events/:id',
    path: (a) => `/api/events/${a.eventId}`,
    valid: (a) => ({
      clientId: a.clientId,
      title: 'Owner-A practice',
      startTime: '2026-11-01T01:30:00-04:00',
      endTime: '2026-11-01T01:30:00-05:00',
      color: '#3b82f6',
      eventType: 'practice',
      changeRoom1Id: a.changeRoomId,
      version: 1,
    }),
    accepts: updateEventInput,
    focus: () =>
      fc.record({
        startTime: instants,
        endTime: instants,
        version: fc.constantFrom(1, 2, 0, -1, 1.5, '1', 2 ** 31, null),
        scope: fc.constantFrom('this', 'following', 'all', 'none', null, 1),
        seriesVersion: fc.constantFrom(1, 0, -1, 1.5, '1', 2 ** 31, null, undefined),
        skipTaken: fc.constantFrom(true, false, 'yes', null),
      }),
  },
  {
    // Reads only: whatever it accepts, it writes nothing.
    route: 'POST /api/events/:id/series-preview',
    path: (a) => `/api/events/${a.eventId}/series-preview`,
    valid: (a) => ({
      clientId: a.clientId,
      title: 'Owner-A practice',
      startTime: '2026-11-01T01:30:00-04:00',
      endTime: '2026-11-01T01:30:00-05:00',
      version: 1,
      scope: 'all',
      seriesVersion: 1,
    }),
    accepts: updateEventInput,
    focus: () =>
      fc.record({
        startTime: instants,
        endTime: instants,
        scope: fc.constantFrom('this', 'following', 'all', 'none', null),
        seriesVersion: fc.constantFrom(1, 0, 1.5, '1', null, undefined),
      }),
  },
  {
    route: 'POST /api/screens',
    path: () => '/api/screens',
    valid: (a) => ({
      name: 'Hostile Board',
      location: 'Lobby',
      size: '55"',
      theme: 'light',
      rooms: [{ roomId: a.rinkId, color: '#00ff00' }],
      showTicker: true,
      tickerText: 'Welcome',
    }),
    accepts: screenInput,
  },
  {
    route: 'PUT /api/screens/:id',
    path: (a) => `/api/screens/${a.screenId}`,
    valid: (a) => ({
      name: a.screenName,
      location: 'Lobby',
      size: '55"',
      theme: 'dark',
      rooms: [{ roomId: a.rinkId, color: '#3b82f6' }],
      showTicker: false,
      tickerText: 'News',
    }),
    accepts: screenInput,
  },
  {
    // The rink's feed: made by the first accepted body, answered as it is by the rest.
    route: 'POST /api/feeds',
    path: () => '/api/feeds',
    valid: (a) => ({ scope: 'space', targetId: a.rinkId, includeClientNames: false }),
    accepts: createFeedInput,
    focus: (a) =>
      fc.record({
        scope: fc.constantFrom('client', 'space', 'facility', 'room', '', null, 1),
        // A's things of the wrong kind, another organisation's, not an id at all.
        targetId: fc.constantFrom(
          a.rinkId,
          a.facilityId,
          a.clientId,
          a.changeRoomId,
          a.eventId,
          'not-a-uuid',
          a.rinkId.toUpperCase(),
          null,
        ),
        includeClientNames: fc.constantFrom(true, false, 'true', 1, null),
      }),
  },
  {
    route: 'PUT /api/feeds/:id',
    path: () => `/api/feeds/${HOSTILE_FEED_ID}`,
    valid: () => ({ includeClientNames: true }),
    accepts: updateFeedInput,
    arrange: async (db, a) => {
      await db
        .insert(calendarFeeds)
        .values({
          id: HOSTILE_FEED_ID,
          organisationId: team(a).organisationId,
          scope: 'facility',
          facilityId: a.facilityId,
          tokenHash: '0'.repeat(64),
          tokenCiphertext: 'sealed',
        })
        .onConflictDoNothing()
    },
    focus: () => fc.record({ includeClientNames: fc.constantFrom(true, false, 'true', 'false', 0, 1, null, [true], {}) }),
  },
  // ---------- prices and invoices (docs/product.md#billing) ----------
  {
    route: 'PUT /api/billing/settings',
    path: () => '/api/billing/settings',
    valid: () => ({ currency: 'CAD', paymentTermsDays: 30, taxes: [{ name: 'HST', rateThousandths: 13000 }] }),
    accepts: billingSettingsInput,
    focus: () =>
      fc.record({
        currency: fc.constantFrom('CAD', 'cad', 'USD', 'JPY', 'XAU', 'ZZZ', 'CA', '', null, 12),
        paymentTermsDays: fc.constantFrom(0, 30, 365, 366, -1, 1.5, '30', null),
        taxes: fc.constantFrom(
          [],
          [
            { name: 'GST', rateThousandths: 5000 },
            { name: 'PST', rateThousandths: 7000 },
          ],
          [{ name: 'HST', rateThousandths: 100001 }],
          [{ name: 'HST', rateThousandths: -1 }],
          [{ name: '', rateThousandths: 5000 }],
          [
            { name: 'A', rateThousandths: 1 },
            { name: 'a', rateThousandths: 1 },
          ],
          Array(4).fill({ name: 'X', rateThousandths: 1 }),
          [{ name: 'x'.repeat(51), rateThousandths: 1 }],
          'HST',
        ),
      }),
  },
  {
    route: 'PUT /api/rooms/:roomId/rates',
    path: (a) => `/api/rooms/${a.rinkId}/rates`,
    valid: () => ({ primeRateMinor: 25000, nonPrimeRateMinor: 18000 }),
    accepts: rateInput,
    focus: () => fc.record({ primeRateMinor: hostileMoney, nonPrimeRateMinor: hostileMoney }),
  },
  {
    route: 'PUT /api/clients/:clientId/rates/:roomId',
    path: (a) => `/api/clients/${a.clientId}/rates/${a.rinkId}`,
    valid: () => ({ primeRateMinor: 20000, nonPrimeRateMinor: 15000 }),
    accepts: rateInput,
    focus: () => fc.record({ primeRateMinor: hostileMoney, nonPrimeRateMinor: hostileMoney }),
  },
  {
    route: 'POST /api/invoices/generate',
    path: () => '/api/invoices/generate',
    valid: (a) => ({ periodStart: '2026-03-01', periodEnd: '2026-03-31', clientId: a.clientId }),
    accepts: generateInvoicesInput,
    focus: (a) =>
      fc.record({ periodStart: dates, periodEnd: dates, clientId: fc.constantFrom(a.clientId, a.rinkId, null, '', 'not-a-uuid') }),
  },
  {
    route: 'POST /api/invoices/:id/lines',
    path: () => `/api/invoices/${HOSTILE_BILLING.draftId}/lines`,
    valid: () => ({ description: 'Skate sharpening', amountMinor: 1500 }),
    accepts: invoiceLineInput,
    arrange: arrangeHostileInvoices,
    focus: () => fc.record({ amountMinor: hostileMoney }),
  },
  {
    route: 'POST /api/invoices/:id/discount',
    path: () => `/api/invoices/${HOSTILE_BILLING.draftId}/discount`,
    valid: () => ({ percentThousandths: 10000 }),
    accepts: invoiceDiscountInput,
    arrange: arrangeHostileInvoices,
    focus: () => fc.record({ percentThousandths: hostileMoney, amountMinor: hostileMoney }),
  },
  {
    // The first accepted body removes the line; the ones after it are refused (409).
    route: 'POST /api/invoices/:id/lines/:lineId/remove',
    path: () => `/api/invoices/${HOSTILE_BILLING.draftId}/lines/${HOSTILE_BILLING.lineId}/remove`,
    valid: () => ({ reason: 'Ice was unusable' }),
    accepts: removeInvoiceLineInput,
    arrange: arrangeHostileInvoices,
  },
  {
    // The first accepted body voids the invoice; the ones after it are refused (409).
    route: 'POST /api/invoices/:id/void',
    path: () => `/api/invoices/${HOSTILE_BILLING.issuedId}/void`,
    valid: () => ({ reason: 'Billed twice' }),
    accepts: voidInvoiceInput,
    arrange: arrangeHostileInvoices,
  },
  {
    // Settles the issued invoice while it is open and not yet paid; the rest is credit.
    route: 'POST /api/payments',
    path: () => '/api/payments',
    valid: () => ({
      clientId: HOSTILE_BILLING.clientId,
      amountMinor: 250,
      receivedOn: '2026-11-20',
      method: 'cheque',
      reference: '1042',
      invoiceIds: [HOSTILE_BILLING.issuedId],
    }),
    accepts: recordPaymentInput,
    arrange: arrangeHostileInvoices,
    focus: (a) =>
      fc.record({
        clientId: fc.constantFrom(HOSTILE_BILLING.clientId, a.clientId, a.facilityId, HOSTILE_BILLING.issuedId, '', null),
        amountMinor: hostileMoney,
        receivedOn: fc.oneof(dates, hostileScalar),
        method: fc.constantFrom('cash', 'cheque', 'e_transfer', 'card', 'other', 'Cash', 'E-transfer', 'stripe', '', null),
        invoiceIds: fc.constantFrom(
          [],
          [HOSTILE_BILLING.issuedId],
          [HOSTILE_BILLING.draftId],
          [HOSTILE_BILLING.issuedId, HOSTILE_BILLING.issuedId],
          [HOSTILE_BILLING.issuedId, HOSTILE_BILLING.issuedId.toUpperCase()],
          [HOSTILE_BILLING.lineId],
          [a.clientId],
          ['not-a-uuid'],
          Array(51).fill(HOSTILE_BILLING.issuedId),
          HOSTILE_BILLING.issuedId,
          null,
        ),
      }),
  },
  {
    route: 'POST /api/setup/facility',
    path: () => '/api/setup/facility',
    valid: () => ({ name: 'Wizard Arena', timeZone: 'America/New_York' }),
    accepts: facilityInput,
    focus: () => fc.record({ timeZone: timeZones, holdRequestsHours: rentingHours, releaseUntilHours: rentingHours }),
  },
  { route: 'POST /api/setup/spaces', path: () => '/api/setup/spaces', valid: () => ({ spaces: [validRoom] }), accepts: setupSpacesInput },
  {
    route: 'POST /api/setup/change-rooms',
    path: () => '/api/setup/change-rooms',
    valid: () => ({ changeRooms: [{ name: 'Room A' }] }),
    accepts: setupChangeRoomsInput,
  },
  {
    route: 'POST /api/setup/displays',
    path: () => '/api/setup/displays',
    valid: () => ({ displays: [{ name: 'Board', location: 'Lobby', size: '55"' }] }),
    accepts: setupDisplaysInput,
  },
  {
    route: 'POST /api/setup/display-rooms',
    path: () => '/api/setup/display-rooms',
    valid: (a) => ({ displays: [{ screenId: a.setupScreenIds[0], rooms: [{ roomId: a.setupSpaceIds[0], color: '#123456' }] }] }),
    accepts: setupDisplayRoomsInput,
  },
  { route: 'POST /api/setup/client', path: () => '/api/setup/client', valid: () => validClient, accepts: clientInput },
  {
    route: 'POST /api/setup/skip',
    path: () => '/api/setup/skip',
    valid: () => ({ step: 6 }),
    accepts: skipSetupStepInput,
    focus: () => fc.record({ step: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, '3', 3.5, -3, null, [3]) }),
  },
  // Takes no body: whatever is sent is ignored.
  { route: 'POST /api/setup/complete', path: () => '/api/setup/complete', valid: () => ({}), accepts: z.unknown(), ignoresBody: true },
  {
    route: 'POST /api/auth/sign-up/email',
    path: () => '/api/auth/sign-up/email',
    valid: () => ({ fullName: 'Hostile Person', email: 'hostile@example.com', password: 'correct horse battery' }),
    accepts: signUpInput,
    isAnonymous: true,
    // Every sign-up counts against its address, refused or not.
    writesOnRefusal: ['auth_attempts'],
  },
  {
    route: 'POST /api/auth/sign-in/email',
    path: () => '/api/auth/sign-in/email',
    valid: () => ({ email: 'nobody@example.com', password: 'not the password' }),
    accepts: null,
    isAnonymous: true,
    writesOnRefusal: ['auth_attempts'],
  },
  {
    route: 'POST /api/auth/reset-password',
    path: () => '/api/auth/reset-password',
    valid: () => ({ token: 'not-a-real-token', newPassword: 'a brand new secret' }),
    accepts: null,
    isAnonymous: true,
  },
  {
    // Past its hourly limit a valid body is refused (429) and writes nothing, which the rules allow.
    route: 'POST /api/auth/forgot-password',
    path: () => '/api/auth/forgot-password',
    valid: () => ({ email: 'owner-a@example.com' }),
    accepts: forgotPasswordInput,
    isAnonymous: true,
  },
  // ---------- requests that hold the ice (docs/product.md#renters) ----------
  {
    route: 'POST /api/portal/requests',
    path: () => '/api/portal/requests',
    valid: (a) => ({
      clientId: a.clientId,
      roomId: a.rinkId,
      date: '2031-05-07',
      startTime: '10:00',
      durationMinutes: 60,
      title: 'Hostile ice',
    }),
    accepts: createRequestInput,
    asRenter: true,
    arrange: arrangeHostileRequest,
    focus: (a) =>
      fc.record({
        clientId: fc.constantFrom(a.clientId, a.rinkId, a.facilityId, '', 'not-a-uuid', null),
        roomId: fc.constantFrom(a.rinkId, a.changeRoomId, a.setupSpaceIds[0], a.clientId, '', null),
        date: dates,
        startTime: wallTimes,
        durationMinutes: fc.constantFrom(0, 15, 45, 60, 61, 180, 1440, 1441, -60, 1e9, '60', null),
        title: requestTitles,
      }),
  },
  {
    route: 'POST /api/requests/:id/decline',
    path: () => `/api/requests/${HOSTILE_REQUEST_ID}/decline`,
    valid: () => ({ reason: 'The ice is being resurfaced' }),
    accepts: declineRequestInput,
    arrange: arrangeHostileRequest,
    focus: () =>
      fc.record({ reason: fc.oneof(fc.constantFrom('', ' ', 'x'.repeat(500), 'x'.repeat(501), '\u202eNo', null), hostileScalar) }),
  },
  // ---------- released ice and the waitlist (docs/product.md#renters) ----------
  {
    route: 'POST /api/portal/waitlist',
    path: () => '/api/portal/waitlist',
    valid: (a) => ({ clientId: a.clientId, roomId: a.rinkId, date: '2038-06-01', fromTime: '08:00', toTime: '12:00' }),
    accepts: joinWaitlistInput,
    asRenter: true,
    focus: (a) =>
      fc.record({
        clientId: fc.constantFrom(a.clientId, a.rinkId, a.facilityId, '', 'not-a-uuid', null),
        roomId: fc.constantFrom(a.rinkId, a.changeRoomId, a.setupSpaceIds[0], a.clientId, '', null),
        date: dates,
        fromTime: wallTimes,
        toTime: wallTimes,
      }),
  },
  {
    route: 'POST /api/portal/offers/:id/claim',
    path: () => `/api/portal/offers/${HOSTILE_OFFER_ID}/claim`,
    valid: (a) => ({ clientId: a.clientId }),
    accepts: claimOfferInput,
    asRenter: true,
    arrange: arrangeHostileOffer,
    focus: (a) =>
      fc.record({ clientId: fc.constantFrom(a.clientId, a.rinkId, a.facilityId, a.clientId.toUpperCase(), '', 'not-a-uuid', null) }),
  },
  // ---------- the selloff email and unsubscribing (docs/product.md#email) ----------
  {
    // A's client has no email: an accepted send writes no message. Another organisation's or an
    // unknown client refuses the whole send.
    route: 'POST /api/marketing/send',
    path: () => '/api/marketing/send',
    valid: (a) => ({ subject: 'Ice tonight', body: 'Two hours free at 7 pm.', clientIds: [a.clientId] }),
    accepts: sendSelloffInput,
    focus: (a) =>
      fc.record({
        subject: fc.oneof(fc.constantFrom('Ice\r\nBcc: x@example.com', '', ' ', 'x'.repeat(201)), fc.constantFrom(...MARKUP_TEXTS)),
        clientIds: fc.constantFrom([], [a.clientId, a.clientId], [a.rinkId], ['not-a-uuid'], Array(501).fill(a.clientId), a.clientId, [
          null,
        ]),
      }),
  },
  {
    // The unsubscribe page's write: the link's token decides; the body is never read.
    route: 'POST /api/unsubscribe/:token',
    path: (a) => `/api/unsubscribe/${unsubscribeToken(a.clientId, readEnv({ NODE_ENV: 'test' }).authSecret)}`,
    valid: () => ({}),
    accepts: z.unknown(),
    ignoresBody: true,
    isAnonymous: true,
    runs: 50,
  },
  // Takes no body: signing out (here, with no session to end) ignores whatever is sent.
  { route: 'POST /api/auth/sign-out', path: () => '/api/auth/sign-out', valid: () => ({}), accepts: z.unknown(), isAnonymous: true },
  // ---------- teams ----------
  {
    // Into A itself, the one organisation the Owner is in; any other id is a 404.
    route: 'POST /api/organisations/switch',
    path: () => '/api/organisations/switch',
    valid: (a) => ({ organisationId: team(a).organisationId }),
    accepts: switchOrganisationInput,
  },
  {
    route: 'PATCH /api/organisation',
    path: () => '/api/organisation',
    valid: () => ({ name: 'Hostile Arenas' }),
    accepts: organisationInput,
  },
  {
    route: 'POST /api/team/invitations',
    path: () => '/api/team/invitations',
    valid: () => ({ email: 'invitee@example.com', role: 'scheduler' }),
    accepts: invitationInput,
    focus: () =>
      fc.record({ email: fc.constantFrom('a@b.co', 'A@B.CO ', 'no-at-sign', ''), role: fc.constantFrom(...ROLES, 'admin', 'OWNER', null) }),
  },
  // ---------- renter accounts (docs/product.md#renters) ----------
  {
    route: 'POST /api/clients/:id/portal-invitations',
    path: (a) => `/api/clients/${a.clientId}/portal-invitations`,
    valid: () => ({ email: 'contact@example.com' }),
    accepts: portalInvitationInput,
    focus: () =>
      fc.record({
        email: fc.oneof(
          fc.constantFrom('a@b.co', 'A@B.CO ', 'no-at-sign', '', `${'x'.repeat(250)}@example.com`, null, ['a@b.co']),
          hostileScalar,
        ),
      }),
  },
  {
    route: 'PATCH /api/team/members/:id',
    path: (a) => `/api/team/members/${team(a).teammateId}`,
    valid: () => ({ role: 'scheduler' }),
    accepts: memberRoleInput,
    focus: () => fc.record({ role: fc.constantFrom(...ROLES, 'admin', 'Owner', '', null, ['owner']) }),
  },
  // The Owner is A's only one: leaving is refused, whatever the body says. The role route's
  // accepted bodies may have made the teammate an Owner too, so it is one no longer.
  {
    route: 'POST /api/team/leave',
    path: () => '/api/team/leave',
    valid: () => ({}),
    accepts: null,
    runs: 100,
    arrange: async (db, a) => {
      await db
        .update(memberships)
        .set({ role: 'scheduler' })
        .where(and(eq(memberships.organisationId, team(a).organisationId), eq(memberships.userId, team(a).teammateId)))
    },
  },
  {
    // Reads only: whatever it accepts, it writes nothing.
    route: 'POST /api/facilities/:id/closures/preview',
    path: (a) => `/api/facilities/${a.facilityId}/closures/preview`,
    valid: (a) => ({ spaceId: a.rinkId, startDate: '2026-03-08', startTime: '00:00', endDate: '2026-03-09', endTime: '00:00' }),
    accepts: closurePreviewInput,
    focus: (a) => fc.record({ spaceId: wholes(a), startDate: dates, startTime: wallTimes, endDate: dates, endTime: wallTimes }),
  },
  {
    // Reads only: whatever it accepts, it writes nothing.
    route: 'POST /api/facilities/:id/closures/holidays/preview',
    path: (a) => `/api/facilities/${a.facilityId}/closures/holidays/preview`,
    valid: () => ({ country: 'CA', region: 'ON', from: '2026-09-01', to: '2027-04-30' }),
    accepts: holidayClosuresPreviewInput,
    focus: () => fc.record({ country: holidayCountries, region: holidayRegions, from: dates, to: dates }),
  },
  {
    route: 'POST /api/facilities/:id/closures/holidays',
    path: (a) => `/api/facilities/${a.facilityId}/closures/holidays`,
    valid: () => ({ country: 'US', region: 'NY', from: '2032-09-01', to: '2033-04-30', coveredEvents: 'keep' }),
    accepts: holidayClosuresInput,
    focus: () =>
      fc.record({
        country: holidayCountries,
        region: holidayRegions,
        from: dates,
        to: dates,
        coveredEvents: fc.constantFrom('keep', 'cancel', null, 'delete', 1, ''),
      }),
  },
  {
    route: 'POST /api/facilities/:id/closures',
    path: (a) => `/api/facilities/${a.facilityId}/closures`,
    valid: (a) => ({
      spaceId: a.rinkId,
      reason: 'Ice plant maintenance',
      startDate: '2031-03-08',
      startTime: '00:00',
      endDate: '2031-03-09',
      endTime: '00:00',
      coveredEvents: 'keep',
    }),
    accepts: closureInput,
    focus: (a) =>
      fc.record({
        // A space: the rink (fine), a change room, a space of another facility, not a space at all.
        spaceId: wholes(a),
        startDate: dates,
        startTime: wallTimes,
        endDate: dates,
        endTime: wallTimes,
        coveredEvents: fc.constantFrom('keep', 'cancel', null, 'delete', 1, ''),
      }),
  },
  {
    // One open link for the whole run: the first valid body uses it up, later ones find it gone.
    route: 'POST /api/invitations/:token/sign-up',
    path: (a) => `/api/invitations/${team(a).invitationToken}/sign-up`,
    valid: () => ({ fullName: 'Hostile Joiner', password: 'correct horse battery' }),
    accepts: invitationSignUpInput,
    isAnonymous: true,
    writesOnRefusal: ['auth_attempts'],
  },
]

type QueryRoute = {
  route: string
  path: (a: OwnerData) => string
  fields: (a: OwnerData) => Record<string, fc.Arbitrary<string>>
  // Fields tried together, so that the query as a whole is often valid.
  focus?: (a: OwnerData) => fc.Arbitrary<Record<string, string>>
}

const rangeEdges = fc.constantFrom(
  ...DST_EDGES,
  '2026-03-01T00:00:00Z',
  '2026-04-15T00:00:00Z',
  '2026-04-15T00:00:00.001Z',
  '2026-04-12T00:00:00Z',
  'NaN',
  '',
)
// Ranges around both New York changes of 2026, some valid, some reversed or too long.
const dstRange = fc.record({
  from: fc.constantFrom('2026-03-07T00:00:00-05:00', '2026-03-08T02:30:00-05:00', '2026-10-31T00:00:00-04:00', '2026-11-01T01:30:00-04:00'),
  to: fc.constantFrom(
    '2026-03-09T00:00:00-04:00',
    '2026-03-08T03:30:00-04:00',
    '2026-11-01T01:30:00-05:00',
    '2026-11-02T00:00:00-05:00',
    '2026-12-31T00:00:00Z',
  ),
})
const hostileText = hostileScalar.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')))
const idOrJunk = (id: string) => fc.oneof(fc.constant(id), fc.constant(id.toUpperCase()), fc.uuid(), hostileText)

const queryRoutes: QueryRoute[] = [
  {
    route: 'GET /api/events',
    path: () => '/api/events',
    fields: (a) => ({ from: rangeEdges, to: rangeEdges, facilityId: idOrJunk(a.facilityId), roomId: idOrJunk(a.rinkId) }),
    focus: (a) => dstRange.map((range) => ({ ...range, facilityId: a.facilityId, roomId: a.rinkId })),
  },
  {
    route: 'GET /api/events/month',
    path: () => '/api/events/month',
    fields: () => ({ from: rangeEdges, to: rangeEdges }),
    focus: () => dstRange,
  },
  {
    route: 'GET /api/events/change-rooms',
    path: () => '/api/events/change-rooms',
    fields: (a) => ({ roomId: idOrJunk(a.rinkId), from: rangeEdges, to: rangeEdges, excludeEventId: idOrJunk(a.eventId) }),
  },
  {
    route: 'GET /api/events/upcoming',
    path: () => '/api/events/upcoming',
    fields: (a) => ({
      facilityId: idOrJunk(a.facilityId),
      roomId: idOrJunk(a.rinkId),
      clientId: idOrJunk(a.clientId),
      q: fc.oneof(fc.constantFrom('practice', '%', '_', '\\', '  ', 'x'.repeat(100), 'x'.repeat(101), "' or 1=1 --"), hostileText),
      after: fc.oneof(
        fc.constantFrom(
          `2030-01-01T00:00:00.000Z_${a.eventId}`,
          '2030-01-01T00:00:00.000Z_00000000-0000-0000-0000-000000000000',
          '0001-01-01T00:00:00.000Z_00000000-0000-0000-0000-000000000000',
          '2030-02-30T00:00:00.000Z_00000000-0000-0000-0000-000000000000',
          '2030-01-01T00:00:00Z_1',
          '_',
        ),
        hostileText,
      ),
    }),
    focus: (a) =>
      fc.record({
        facilityId: fc.constantFrom(a.facilityId, a.facilityId.toUpperCase()),
        q: fc.constantFrom('practice', 'PRACTICE', ' x ', '100%'),
        after: fc.constantFrom(`2020-01-01T00:00:00.000Z_${a.eventId}`, `9999-12-31T23:59:59.999Z_${a.eventId}`),
      }),
  },
  {
    route: 'GET /api/events/past',
    path: () => '/api/events/past',
    fields: (a) => ({ roomId: idOrJunk(a.rinkId), clientId: idOrJunk(a.clientId) }),
  },
  {
    route: 'GET /api/activity',
    path: () => '/api/activity',
    fields: (a) => ({
      person: idOrJunk(a.facilityId),
      kind: fc.oneof(fc.constantFrom('event', 'space', 'member', 'Event', ''), hostileText),
      from: rangeEdges,
      to: rangeEdges,
      entityId: idOrJunk(a.eventId),
      before: fc.oneof(fc.constantFrom('2030-01-01T00:00:00.000Z_12', '2030-01-01T00:00:00.000Z_99999999999999999999', '_1'), hostileText),
    }),
  },
  {
    route: 'GET /api/feeds',
    path: () => '/api/feeds',
    fields: (a) => ({
      scope: fc.oneof(fc.constantFrom('client', 'space', 'facility', 'Client', 'room', ''), hostileText),
      targetId: idOrJunk(a.clientId),
    }),
    focus: (a) =>
      fc.record({ scope: fc.constantFrom('client', 'space', 'facility'), targetId: fc.constantFrom(a.clientId, a.rinkId, a.facilityId) }),
  },
  {
    route: 'GET /api/closures',
    path: () => '/api/closures',
    fields: (a) => ({ from: rangeEdges, to: rangeEdges, facilityId: idOrJunk(a.facilityId), roomId: idOrJunk(a.rinkId) }),
    focus: (a) => dstRange.map((range) => ({ ...range, roomId: a.rinkId })),
  },
  {
    route: 'GET /api/clients/:id/charging-contract',
    path: (a) => `/api/clients/${a.clientId}/charging-contract`,
    fields: (a) => ({ roomId: idOrJunk(a.rinkId), date: fc.oneof(dates, hostileText) }),
    focus: (a) => fc.record({ roomId: fc.constantFrom(a.rinkId, a.changeRoomId, a.setupSpaceIds[0]!, a.facilityId), date: dates }),
  },
  {
    route: 'GET /api/marketing/availability',
    path: () => '/api/marketing/availability',
    fields: (a) => ({
      facilityId: idOrJunk(a.facilityId),
      hoursAhead: fc.oneof(fc.constantFrom('1', '4', '12', '0', '13', '-4', '4.5', ' 4', '0x4', '1e1', 'NaN', ''), hostileText),
    }),
  },
  {
    route: 'GET /api/payments',
    path: () => '/api/payments',
    fields: (a) => ({ clientId: idOrJunk(a.clientId) }),
  },
  // The exports' and statements' periods: local dates, reversed, malformed or over ten years.
  {
    route: 'GET /api/exports/events.csv',
    path: () => '/api/exports/events.csv',
    fields: (a) => ({ from: fc.oneof(dates, hostileText), to: fc.oneof(dates, hostileText), facilityId: idOrJunk(a.facilityId) }),
    focus: (a) => fc.record({ from: dates, to: dates, facilityId: fc.constantFrom('all', 'ALL', a.facilityId, a.clientId) }),
  },
  {
    route: 'GET /api/reports',
    path: () => '/api/reports',
    fields: (a) => ({ from: fc.oneof(dates, hostileText), to: fc.oneof(dates, hostileText), facilityId: idOrJunk(a.facilityId) }),
    focus: (a) => fc.record({ from: dates, to: dates, facilityId: fc.constantFrom('all', 'ALL', a.facilityId, a.clientId) }),
  },
  {
    route: 'GET /api/exports/usage.csv',
    path: () => '/api/exports/usage.csv',
    fields: () => ({ from: fc.oneof(dates, hostileText), to: fc.oneof(dates, hostileText) }),
    focus: () => fc.record({ from: dates, to: dates }),
  },
  {
    route: 'GET /api/clients/:id/statement',
    path: (a) => `/api/clients/${a.clientId}/statement`,
    fields: () => ({ from: fc.oneof(dates, hostileText), to: fc.oneof(dates, hostileText) }),
    focus: () => fc.record({ from: dates, to: dates }),
  },
  {
    route: 'GET /api/clients/:id/statement.csv',
    path: (a) => `/api/clients/${a.clientId}/statement.csv`,
    fields: () => ({ from: fc.oneof(dates, hostileText), to: fc.oneof(dates, hostileText) }),
    focus: () => fc.record({ from: dates, to: dates }),
  },
]

// Routes whose only input is the id in their path: each is tried with hostile ids.
const idRoutes = [
  'POST /api/feeds/:id/reset',
  'DELETE /api/facilities/:id',
  'DELETE /api/rooms/:id',
  'DELETE /api/clients/:id',
  'DELETE /api/contracts/:id',
  'DELETE /api/events/:id',
  'DELETE /api/closures/:id',
  'DELETE /api/screens/:id',
  'DELETE /api/screens/:id/logo',
  'DELETE /api/team/members/:id',
  'DELETE /api/team/invitations/:id',
  'DELETE /api/clients/:id/portal-invitations/:invitationId',
  'DELETE /api/clients/:id/renters/:userId',
  'POST /api/admin/users/:id/approve',
  'POST /api/admin/users/:id/revoke',
  'POST /api/admin/users/:id/reset-password',
  'DELETE /api/clients/:clientId/rates/:roomId',
  'DELETE /api/invoices/:id',
  'DELETE /api/invoices/:id/lines/:lineId',
  'POST /api/invoices/:id/issue',
  'POST /api/requests/:id/approve',
  'POST /api/portal/requests/:id/withdraw',
  'POST /api/events/:id/release',
  'POST /api/portal/bookings/:id/release',
  'DELETE /api/portal/waitlist/:id',
]

// A's organisation, its other member and an open invitation, made once the data is seeded.
type Team = { organisationId: string; teammateId: string; invitationToken: string }
const teams = new Map<OwnerData, Team>()
const team = (a: OwnerData): Team => teams.get(a)!

const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
const UPLOADS = [
  PNG_1X1,
  GIF_1X1,
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.from('<!doctype html><script>alert(1)</script>'),
  Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
  Buffer.from('GIF89a<script>alert(1)</script>'),
  Buffer.alloc(0),
]
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
const JSON_LIMIT_BYTES = 64 * 1024
const LOGO_LIMIT_BYTES = 5 * 1024 * 1024

const RAW_QUERIES = [
  '%',
  '%E0%A4%A',
  'from=%',
  '&&&==',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'from[]=1&from[]=2',
  'a'.repeat(10_000),
]

/**
 * The hostile-input tests, in `parts` files that Vitest runs side by side: part `part` registers
 * every `parts`-th route of each kind, and its share of the other tests. Each part has its own app
 * and database, seeded alike. The files are src/server/hostile-input*.integration.test.ts.
 */
export function describeHostileInput(part: number, parts: number) {
  const mine = <T>(items: readonly T[]) => items.filter((_, index) => index % parts === part)
  const inPart = (owner: number) => owner % parts === part
  describe.each(testDatabaseKinds())(`hostile input on %s, part ${part + 1} of ${parts}`, (kind) => {
    // other owns nothing: every id the tests aim at belongs to someone else.
    const {
      t,
      admin,
      operators: [owner, other, teammate],
    } = useTestApp(kind, { operators: 3 })
    let a: OwnerData
    let fingerprint: () => Promise<Fingerprint>
    let baseline: Fingerprint
    // A renter of A's client, for the portal's routes (docs/product.md#renters).
    let renter: TestUser

    beforeAll(async () => {
      a = await seedOwnerData(t, owner, 'Owner-A')
      const me = (await (await t.request('/api/me', { cookie: owner.cookie })).json()) as { user: { organisation: { id: string } } }
      const invite = async (email: string) => {
        const response = await t.request('/api/team/invitations', {
          method: 'POST',
          cookie: owner.cookie,
          body: { email, role: 'front_desk' },
        })
        return ((await response.json()) as { link: string }).link.split('/invite/')[1]!
      }
      await t.request(`/api/invitations/${await invite(teammate.email)}/accept`, { method: 'POST', cookie: teammate.cookie })
      // Every account's first visit after approval makes its own organisation; done here, so no
      // refused request below is blamed for it.
      for (const user of [admin, other]) await t.request('/api/me', { cookie: user.cookie })
      teams.set(a, {
        organisationId: me.user.organisation.id,
        teammateId: teammate.id,
        invitationToken: await invite('joiner@example.com'),
      })
      renter = await t.addRenter(me.user.organisation.id, a.clientId)
      fingerprint = createFingerprinter(t.db, await listTables(t.db))
    }, 120_000)

    // A test may set up rows of its own before its requests are judged.
    beforeEach(async () => {
      baseline = await fingerprint()
    })

    const send = (method: string, path: string, body: HostileBody | null, cookie: string | undefined) =>
      t.request(path, { method, cookie, body: body?.text, headers: body ? { 'content-type': body.contentType } : {} })

    /**
     * The rules for every answer. A 2xx is allowed only when `isRight`, and moves the baseline
     * on; anything else must be a 4xx in the error shape that changed no table outside `mayChange`.
     */
    async function checkAnswer(
      where: string,
      response: Response,
      { isRight, isRead = false, mayChange = [] }: { isRight: boolean; isRead?: boolean; mayChange?: string[] },
    ) {
      const text = await response.text()
      const contentType = response.headers.get('content-type') ?? ''
      const before = baseline
      // Each request is judged against the state the one before it left, even after a failure.
      baseline = await fingerprint()
      const changed = changedTables(before, baseline)
      expect(response.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500)
      expect(Object.keys(Object.prototype), 'Object.prototype was polluted').toEqual([])
      if (response.status < 300) {
        expect(isRight, `${where} accepted it with ${response.status}: ${text.slice(0, 300)}`).toBe(true)
        // The exports answer CSV; every other route JSON.
        const isJson = contentType.startsWith('application/json')
        const isCsv = /^GET \S+\.csv\b/.test(where) && contentType.startsWith('text/csv')
        expect(response.status === 204 || isJson || isCsv, `${where} answered ${contentType}`).toBe(true)
        if (isRead) expect(changed, `${where}: a read changed the database`).toEqual([])
        return
      }
      expect(response.status, where).toBeGreaterThanOrEqual(400)
      expect(contentType, where).toMatch(/^application\/json/)
      const { error } = JSON.parse(text) as { error?: { message?: unknown } }
      expect(typeof error?.message === 'string' && error.message.trim() !== '', `${where}: no clear message in ${text.slice(0, 300)}`).toBe(
        true,
      )
      expect(
        changed.filter((table) => !mayChange.includes(table)),
        `${where}: refused with ${response.status} but changed the database`,
      ).toEqual([])
    }

    if (inPart(0))
      it('covers every write route of the app', () => {
        // Two routes take no input at all to be hostile with, beyond what the matrix tries: deleting
        // the caller's own organisation, and accepting a link (its token is tried below).
        const covered = new Set([
          ...bodyRoutes.map(({ route, covers }) => covers ?? route),
          ...idRoutes,
          'PUT /api/screens/:id/logo',
          'DELETE /api/organisation',
          'POST /api/invitations/:token/accept',
          'POST /api/portal-invitations/:token/accept',
          // RFC 8058 one-click, outside /api: answers plain text, reads no body, and its token is
          // tried forged and malformed in modules/marketing/selloff.integration.test.ts.
          'POST /unsubscribe/:token',
        ])
        const writeRoutes = listAppRoutes(t.app as unknown as Hono<never>)
          .filter(({ method }) => method !== 'GET' && method !== 'ALL')
          .map(routeKey)
        expect(writeRoutes.filter((route) => !covered.has(route))).toEqual([])
      })

    it.each(mine(bodyRoutes).map((route) => [route.route, route] as const))(
      '%s answers hostile bodies with a 4xx and changes nothing',
      async (_name, route) => {
        const method = route.route.split(' ')[0]!
        const path = route.path(a)
        const cookie = route.isAnonymous ? undefined : route.asRenter ? renter.cookie : owner.cookie
        if (route.arrange) {
          await route.arrange(t.db, a)
          baseline = await fingerprint()
        }
        await fc.assert(
          fc.asyncProperty(hostileBody(route.valid(a), route.focus?.(a)), async (body) => {
            const response = await send(method, path, body, cookie)
            const isRight =
              route.accepts !== null &&
              (route.ignoresBody === true || (body.value !== undefined && route.accepts.safeParse(body.value).success))
            await checkAnswer(`${route.route} with ${body.text.slice(0, 200)}`, response, { isRight, mayChange: route.writesOnRefusal })
          }),
          { numRuns: route.runs ?? RUNS_PER_ROUTE },
        )
      },
      PROPERTY_TIMEOUT_MS,
    )

    it.each(mine(queryRoutes).map((route) => [route.route, route] as const))(
      '%s answers hostile queries without a 5xx or a change',
      async (_name, route) => {
        const fields = route.fields(a)
        const keys = fc.constantFrom(...Object.keys(fields), '__proto__', 'constructor', 'from[]', 'to[$gt]', '')
        const pairs = fc.array(
          keys.chain((key) => (Object.hasOwn(fields, key) ? fields[key]! : hostileText).map((value) => [key, value] as const)),
          { maxLength: 5 },
        )
        const anyQuery = pairs.map((entries) => new URLSearchParams(entries.map(([key, value]) => [key, value])).toString())
        const focused = route.focus?.(a).map((values) => new URLSearchParams(values).toString())
        const query = fc.oneof(
          { arbitrary: anyQuery, weight: 6 },
          { arbitrary: focused ?? anyQuery, weight: 3 },
          { arbitrary: fc.constantFrom(...RAW_QUERIES), weight: 1 },
        )
        await fc.assert(
          fc.asyncProperty(query, async (search) => {
            const response = await send('GET', `${route.path(a)}?${search}`, null, owner.cookie)
            // Any valid query may be answered; a read never changes anything.
            await checkAnswer(`${route.route}?${search.slice(0, 200)}`, response, { isRight: true, isRead: true })
          }),
          { numRuns: RUNS_PER_ROUTE },
        )
      },
      PROPERTY_TIMEOUT_MS,
    )

    if (inPart(1))
      it(
        'PUT /api/screens/:id/logo answers hostile uploads with a 4xx and changes nothing',
        async () => {
          const form = fc.record({
            field: fc.constantFrom('logo', 'logo', 'logo', 'Logo', 'file', '__proto__', ''),
            content: fc.oneof(
              fc.constantFrom(...UPLOADS),
              fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
            ),
            fileName: fc.oneof(
              fc.constantFrom('logo.png', '../../etc/passwd', '<script>alert(1)</script>.png', 'gnp.exe\u202E', 'x'.repeat(1000), ''),
              fc.string(),
            ),
            declaredType: fc.constantFrom('image/png', 'text/html', 'image/svg+xml', 'application/octet-stream', ''),
            isText: fc.boolean(),
          })
          const broken = fc.record({
            contentType: fc.constantFrom(
              'multipart/form-data',
              'multipart/form-data; boundary=x',
              'multipart/form-data; boundary=',
              'application/json',
              'image/png',
              'text/plain',
            ),
            text: fc.oneof(
              fc.constantFrom(
                '--x\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\n\x89PNG\r\n--x--',
                '--x--',
                '',
                '{"logo":"x"}',
              ),
              fc.string(),
            ),
          })
          await fc.assert(
            fc.asyncProperty(fc.oneof({ arbitrary: form, weight: 4 }, { arbitrary: broken, weight: 1 }), async (upload) => {
              let body: BodyInit
              let contentType: string
              let isRight = false
              if ('field' in upload) {
                const data = new FormData()
                if (upload.isText) data.append(upload.field, upload.content.toString('latin1'))
                else data.append(upload.field, new Blob([upload.content], { type: upload.declaredType }), upload.fileName)
                const encoded = new Response(data)
                body = await encoded.arrayBuffer()
                contentType = encoded.headers.get('content-type')!
                isRight =
                  upload.field === 'logo' && !upload.isText && RASTER_TYPES.has((await fileTypeFromBuffer(upload.content))?.mime ?? '')
              } else {
                body = upload.text
                contentType = upload.contentType
              }
              const response = await t.app.request(`${TEST_ORIGIN}/api/screens/${a.screenId}/logo`, {
                method: 'PUT',
                headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'content-type': contentType },
                body,
              })
              await checkAnswer(`logo upload ${JSON.stringify(upload).slice(0, 200)}`, response, { isRight })
            }),
            { numRuns: RUNS_PER_ROUTE },
          )
        },
        PROPERTY_TIMEOUT_MS,
      )

    if (inPart(1))
      it('refuses a body over the size limit with 413 before reading it, signed in or not', async () => {
        // 'Import Clients' takes a whole file: its limit is the file's, twice over for JSON's escapes (body-limits.ts).
        const importLimitBytes = 2 * IMPORT_LIMITS.maxBytes + 64 * 1024
        for (const route of bodyRoutes) {
          const [method] = route.route.split(' ') as [string]
          const limit = route.path(a).startsWith('/api/clients/import') ? importLimitBytes : JSON_LIMIT_BYTES
          const oversized = JSON.stringify({ name: 'x'.repeat(limit) })
          for (const cookie of [owner.cookie, undefined]) {
            const response = await send(
              method,
              route.path(a),
              { contentType: 'application/json', text: oversized, value: undefined },
              cookie,
            )
            expect(response.status, route.route).toBe(413)
            await checkAnswer(`${route.route} with ${oversized.length} bytes`, response, { isRight: false })
          }
        }

        // Without a declared length the body is counted as it streams, and the reading stops at the limit.
        let sentBytes = 0
        const endless = new ReadableStream<Uint8Array>({
          pull(controller) {
            sentBytes += 16 * 1024
            controller.enqueue(new TextEncoder().encode('x'.repeat(16 * 1024)))
          },
        })
        const streamed = await t.app.request(
          // Node's fetch needs duplex for a streamed body; the DOM types do not know it yet.
          new Request(`${TEST_ORIGIN}/api/clients`, {
            method: 'POST',
            headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'content-type': 'application/json' },
            body: endless,
            duplex: 'half',
          } as RequestInit),
        )
        expect(streamed.status).toBe(413)
        expect(sentBytes).toBeLessThan(JSON_LIMIT_BYTES * 4)
        await checkAnswer('an endless body', streamed, { isRight: false })

        const logo = new FormData()
        logo.append('logo', new Blob([Buffer.concat([PNG_1X1, Buffer.alloc(LOGO_LIMIT_BYTES)])], { type: 'image/png' }), 'huge.png')
        const huge = await t.app.request(`${TEST_ORIGIN}/api/screens/${a.screenId}/logo`, {
          method: 'PUT',
          headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
          body: logo,
        })
        expect(huge.status).toBe(413)
        expect(await huge.clone().json()).toMatchObject({ error: { message: 'Logo file must be less than 5MB' } })
        await checkAnswer('a logo over 5 MB', huge, { isRight: false })
      })

    if (inPart(2))
      it('returns markup in user text as plain JSON strings, never as HTML', async () => {
        const [script, image] = MARKUP_TEXTS
        const call = async (method: string, path: string, body?: unknown) => {
          const response = await t.request(path, { method, cookie: owner.cookie, body })
          const text = await response.text()
          expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/)
          // Escaped for HTML would read &lt;script&gt;; JSON leaves the characters alone.
          expect(text, `${method} ${path}`).not.toMatch(/&lt;|&gt;|&#/)
          return { status: response.status, json: JSON.parse(text) as Record<string, Record<string, unknown>> }
        }
        const today = new Date().toISOString().slice(0, 10)

        const { json: facility } = await call('POST', '/api/facilities', {
          name: script,
          address: image,
          description: script,
          timeZone: 'UTC',
        })
        const facilityId = facility.facility!.id as string
        const { json: room } = await call('POST', `/api/facilities/${facilityId}/rooms`, {
          name: image,
          type: 'rink',
          description: script,
          ...OPEN_AROUND_THE_CLOCK,
        })
        const roomId = room.room!.id as string
        const { json: client } = await call('POST', '/api/clients', { name: script, company: image, notes: image })
        const clientId = client.client!.id as string
        const { json: contract } = await call('POST', '/api/contracts', {
          clientId,
          name: 'Season',
          startDate: today,
          totalHours: 50,
          notes: script,
        })
        await call('POST', '/api/usage', { contractId: contract.contract!.id, usageDate: today, hours: 1, description: image })
        await call('POST', '/api/events', {
          roomId,
          clientId,
          date: today,
          startTime: '00:00',
          durationMinutes: 1440,
          title: script,
          description: image,
          eventType: 'game',
          team1Name: script,
          team2Name: image,
        })
        const { json: screen } = await call('POST', '/api/screens', {
          name: `${script} board`,
          location: image,
          rooms: [{ roomId }],
          tickerText: script,
        })

        expect((await call('GET', `/api/facilities/${facilityId}`)).json.facility).toMatchObject({
          name: script,
          address: image,
          description: script,
        })
        expect((await call('GET', `/api/rooms/${roomId}`)).json.room).toMatchObject({ name: image, description: script })
        expect((await call('GET', `/api/clients/${clientId}`)).json.client).toMatchObject({ name: script, company: image, notes: image })
        expect(JSON.stringify((await call('GET', `/api/clients/${clientId}/contracts`)).json)).toContain(JSON.stringify(script))
        expect(JSON.stringify((await call('GET', `/api/clients/${clientId}/usage`)).json)).toContain(JSON.stringify(image))
        expect((await call('GET', `/api/screens/${screen.screen!.id as string}`)).json.screen).toMatchObject({
          location: image,
          tickerText: script,
        })
        const availability = await call('GET', `/api/marketing/availability?facilityId=${facilityId}`)
        expect(JSON.stringify(availability.json)).toContain(JSON.stringify(script))

        // The public board, and the conflict message that names the event in the way.
        const board = await t.app.request(`${TEST_ORIGIN}/api/public/displays/${screen.screen!.slug as string}`)
        expect(board.headers.get('content-type')).toMatch(/^application\/json/)
        const boardJson = (await board.json()) as {
          ticker: string
          rooms: Array<{ name: string; events: Array<{ title: string; team1Name: string; team2Name: string }> }>
        }
        expect(boardJson.ticker).toBe(script)
        expect(boardJson.rooms[0]).toMatchObject({ name: image, events: [{ title: script, team1Name: script, team2Name: image }] })
        const conflict = await call('POST', '/api/events', {
          roomId,
          clientId,
          date: today,
          startTime: '12:00',
          durationMinutes: 60,
          title: 'Overlap',
        })
        expect(conflict.status).toBe(409)
        expect(conflict.json.error!.message).toContain(`"${script}"`)
      })

    if (inPart(0))
      it('holds every date and instant it accepts to 2000–2100, with one message, and changes nothing', async () => {
        const at = (year: string) => ({ start: `${year}-06-01T10:00:00.000Z`, end: `${year}-06-01T11:00:00.000Z` })
        const edit = (year: string) => ({
          clientId: a.clientId,
          title: 'Moved',
          startTime: at(year).start,
          endTime: at(year).end,
          version: 1,
        })
        const event = { roomId: a.rinkId, clientId: a.clientId, startTime: '10:00', durationMinutes: 60, title: 'Far' }
        const closure = { spaceId: null, reason: 'Far', startTime: '00:00', endTime: '06:00' }
        const calls: Array<[string, string, unknown]> = []
        for (const year of ['0001', '1999', '2101', '9999']) {
          const day = `${year}-06-01`
          const range = `from=${encodeURIComponent(at(year).start)}&to=${encodeURIComponent(at(year).end)}`
          calls.push(
            ['PUT', `/api/events/${a.eventId}`, edit(year)],
            ['POST', `/api/events/${a.eventId}/series-preview`, edit(year)],
            ['POST', '/api/events', { ...event, date: day }],
            ['POST', '/api/events', { ...event, date: '2030-06-01', recurrence: { frequency: 'daily', endDate: day } }],
            ['POST', '/api/events/preview', { roomId: a.rinkId, date: day, startTime: '10:00', durationMinutes: 60 }],
            ['POST', `/api/facilities/${a.facilityId}/closures`, { ...closure, startDate: day, endDate: day }],
            ['POST', `/api/facilities/${a.facilityId}/closures/preview`, { ...closure, startDate: day, endDate: day }],
            ['POST', '/api/contracts', { clientId: a.clientId, name: 'Season', startDate: day, totalHours: 5 }],
            ['PUT', `/api/contracts/${a.contractId}`, { clientId: a.clientId, name: 'Season', startDate: day, totalHours: 5 }],
            ['POST', '/api/usage', { contractId: a.contractId, usageDate: day, hours: 1 }],
            ['GET', `/api/events?${range}`, undefined],
            ['GET', `/api/events/month?${range}`, undefined],
            ['GET', `/api/closures?${range}`, undefined],
            ['GET', `/api/events/change-rooms?roomId=${a.rinkId}&${range}`, undefined],
            ['GET', `/api/activity?from=${encodeURIComponent(at(year).start)}`, undefined],
          )
        }
        for (const [method, path, body] of calls) {
          const response = await t.request(path, { method, cookie: owner.cookie, body })
          const text = await response.clone().text()
          expect(response.status, `${method} ${path}: ${text.slice(0, 200)}`).toBe(422)
          expect(text, `${method} ${path}`).toContain(DATE_RANGE_MESSAGE)
          await checkAnswer(`${method} ${path}`, response, { isRight: false })
        }
      })

    if (inPart(0))
      it('strips control, bidirectional and zero-width characters from names and titles; descriptions keep line breaks', async () => {
        const dirty = 'Ice\u202E\u2066 Rink\u200B\u200C\u200D\u2060\uFEFF\r\nEast\u0000\u0007\u007F\tA'
        const clean = 'Ice Rink East A'
        const dirtyDescription = 'First line\r\nSecond\u202E line\u0000\u200B\rThird'
        const cleanDescription = 'First line\nSecond line\nThird'
        const call = async (method: string, path: string, body: unknown) => {
          const response = await t.request(path, { method, cookie: owner.cookie, body })
          expect(response.status, `${method} ${path}`).toBeLessThan(300)
          return (await response.json()) as Record<string, Record<string, unknown>>
        }
        const today = new Date().toISOString().slice(0, 10)
        const facility = (
          await call('POST', '/api/facilities', { name: dirty, address: dirty, description: dirtyDescription, timeZone: 'UTC' })
        ).facility!
        expect(facility).toMatchObject({ name: clean, address: clean, description: cleanDescription })
        const room = (
          await call('POST', `/api/facilities/${facility.id as string}/rooms`, {
            name: dirty,
            type: 'rink',
            description: dirtyDescription,
            ...OPEN_AROUND_THE_CLOCK,
          })
        ).room!
        expect(room).toMatchObject({ name: clean, description: cleanDescription })
        const client = (await call('POST', '/api/clients', { name: dirty, company: dirty, notes: dirtyDescription })).client!
        expect(client).toMatchObject({ name: clean, company: clean, notes: cleanDescription })
        const created = await call('POST', '/api/events', {
          roomId: room.id,
          clientId: client.id,
          date: today,
          startTime: '00:00',
          durationMinutes: 60,
          title: dirty,
          description: dirtyDescription,
          eventType: 'game',
          team1Name: dirty,
          team2Name: dirty,
        })
        expect(JSON.stringify(created)).toContain(JSON.stringify(clean))
        expect(JSON.stringify(created)).not.toMatch(/\\u(0000|202e|200b)|\\r/i)
        const screen = (
          await call('POST', '/api/screens', { name: dirty, location: dirty, rooms: [{ roomId: room.id }], tickerText: dirty })
        ).screen!
        expect(screen).toMatchObject({ name: clean, location: clean, tickerText: clean })
        // Nothing visible left is blank: a name of only invisible characters is missing.
        const invisible = await t.request('/api/clients', { method: 'POST', cookie: owner.cookie, body: { name: '\u200B\u202E\r\n' } })
        expect(invisible.status).toBe(422)
        expect(((await invisible.json()) as { error: { fields: Record<string, string> } }).error.fields.name).toBe(
          'Please enter a client name',
        )
      })

    if (inPart(2))
      it.each(['GET', 'POST accept', 'POST sign-up'])(
        'invitation links answer hostile tokens (%s) with a 410 and change nothing',
        async (kindOfCall) => {
          const token = fc.oneof(
            hostileText,
            fc.constantFrom(
              ...[team(a).invitationToken].flatMap((real) => [
                real.toUpperCase(),
                `${real}=`,
                real.slice(0, 63),
                `${real.slice(0, 32)}${'A'.repeat(32)}`,
              ]),
            ),
          )
          await fc.assert(
            fc.asyncProperty(token, async (value) => {
              const path = `/api/invitations/${encodeOrKeep(value)}${kindOfCall === 'GET' ? '' : kindOfCall === 'POST accept' ? '/accept' : '/sign-up'}`
              const body =
                kindOfCall === 'POST sign-up'
                  ? { text: JSON.stringify({ fullName: 'X', password: 'long enough' }), contentType: 'application/json', value: {} }
                  : null
              const response = await send(
                kindOfCall === 'GET' ? 'GET' : 'POST',
                path,
                body,
                kindOfCall === 'POST sign-up' ? undefined : other.cookie,
              )
              await checkAnswer(`${kindOfCall} ${path}`, response, { isRight: false })
            }),
            { numRuns: RUNS_PER_ROUTE / 4 },
          )
        },
        PROPERTY_TIMEOUT_MS,
      )

    // A portal invitation's link (docs/product.md#renters): previewed, accepted, and signed up with at /auth.
    if (inPart(2))
      it.each(['GET', 'POST accept', 'POST sign-up'])(
        'portal invitation links answer hostile tokens (%s) with a 410 and change nothing',
        async (kindOfCall) => {
          const token = fc.oneof(hostileText, fc.constantFrom('A'.repeat(43), 'A'.repeat(42), `${'A'.repeat(42)}=`, 'a'.repeat(201), ''))
          await fc.assert(
            fc.asyncProperty(token, async (value) => {
              const isSignUp = kindOfCall === 'POST sign-up'
              const path = isSignUp
                ? '/api/auth/sign-up/email'
                : `/api/portal-invitations/${encodeOrKeep(value)}${kindOfCall === 'GET' ? '' : '/accept'}`
              const fields = { fullName: 'X', email: 'portal-joiner@example.com', password: 'long enough', portalInvitation: value }
              const body = isSignUp ? { text: JSON.stringify(fields), contentType: 'application/json', value: fields } : null
              const response = await send(kindOfCall === 'GET' ? 'GET' : 'POST', path, body, isSignUp ? undefined : other.cookie)
              // Every sign-up counts against its address, refused or not.
              await checkAnswer(`${kindOfCall} ${path} ${value.slice(0, 100)}`, response, {
                isRight: false,
                mayChange: isSignUp ? ['auth_attempts'] : [],
              })
            }),
            { numRuns: RUNS_PER_ROUTE / 4 },
          )
        },
        PROPERTY_TIMEOUT_MS,
      )

    it.each(mine(idRoutes))(
      "%s answers hostile ids, and A's ids in disguise, with a 4xx and changes nothing",
      async (routeName) => {
        const [method, template] = routeName.split(' ') as [string, string]
        const isAdminRoute = template.startsWith('/api/admin/')
        const ids = [a.facilityId, a.rinkId, a.clientId, a.contractId, a.eventId, a.screenId, owner.id]
        const disguised = fc
          .constantFrom(...ids)
          .chain((id) =>
            fc.constantFrom(
              id.toUpperCase(),
              ` ${id}`,
              `${id}\u0000`,
              `{${id}}`,
              `urn:uuid:${id}`,
              id.replaceAll('-', ''),
              `${id}%00`,
              `${id}'--`,
              `${id}/`,
              id.replace(/[0-9]/, '٣'),
            ),
          )
        const id = fc.oneof(disguised, hostileText, fc.uuid())
        await fc.assert(
          fc.asyncProperty(id, fc.boolean(), async (value, isEncoded) => {
            const path = template.replace(':id', isEncoded ? encodeOrKeep(value) : value)
            // The admin routes are the admin's; every other id here is A's, tried by B.
            const response = await send(method, path, null, isAdminRoute ? admin.cookie : other.cookie)
            await checkAnswer(`${method} ${path}`, response, { isRight: false })
          }),
          { numRuns: RUNS_PER_ROUTE },
        )
      },
      PROPERTY_TIMEOUT_MS,
    )

    // Bodies above carried userId, id, role and approved keys: none of them may have been obeyed.
    it('gave no row to another account and no account a role or approval', async () => {
      for (const table of [facilities, clients, contracts, screens, setupRuns]) {
        const owners = await t.db.selectDistinct({ organisationId: table.organisationId }).from(table)
        expect(owners.map(({ organisationId }) => organisationId)).toEqual([team(a).organisationId])
      }
      const accounts = await t.db.select({ id: users.id, email: users.email, role: users.role, approved: users.approved }).from(users)
      // The one account an invitation approved, made by the first valid body its link took.
      const joiners = accounts.filter(({ email }) => email === 'joiner@example.com')
      expect(joiners.length).toBeLessThanOrEqual(1)
      expect(accounts.filter(({ role }) => role === 'admin').map(({ id }) => id)).toEqual([admin.id])
      expect(
        accounts
          .filter(({ approved }) => approved)
          .map(({ id }) => id)
          .sort(),
      ).toEqual([admin.id, owner.id, other.id, teammate.id, ...joiners.map(({ id }) => id)].sort())
    })
  })
}

// A lone surrogate cannot be percent-encoded; such an id is sent as it is.
function encodeOrKeep(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return value
  }
}
