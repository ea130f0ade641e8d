import { randomUUID } from 'node:crypto'
import { monthDaysResponse } from '@shared/events/responses'
import { eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  clients,
  invoiceLines,
  invoices,
  passwordResetRequests,
  rooms,
  users,
  waitlistEntries,
  waitlistOfferRecipients,
  waitlistOffers,
} from './db/schema'
import { findHandlingRoute, listAppRoutes, routeKey } from './test/app-routes'
import { operatorResources, PNG_1X1, seedOwnerData, type OwnerData } from './test/owner-data'
import { changedTables, createFingerprinter, listTables, type Fingerprint } from './test/table-fingerprint'
import { useTestApp } from './test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from './test/test-app'
import { testDatabaseKinds } from './test/test-database'
import { readEnv } from './env'
import { unsubscribeToken } from './modules/marketing/unsubscribe-token'

// ASVS V8.2.2: every route of the app, tried by every kind of caller, with the
// answer each one must get written down. Organisation A owns the data: its Owner, Manager,
// Scheduler and Front Desk each call as their role allows (src/shared/team/roles.ts); B's Owner
// and the admin aim at A's ids. Another organisation's id is a 404 exactly like a missing one,
// so ids cannot be probed. Two renters (ADR 0063): renterX speaks for A's client X, renterY for
// another client Y of A. They are accounts, not members: every staff route refuses them as it
// refuses a pending account, and on the portal's routes another client's row is a 404 to them.

type Caller = 'anonymous' | 'pending' | 'renterX' | 'renterY' | 'owner' | 'manager' | 'scheduler' | 'frontDesk' | 'other' | 'admin'
type Statuses = [
  anonymous: number,
  pending: number,
  renterX: number,
  renterY: number,
  owner: number,
  manager: number,
  scheduler: number,
  frontDesk: number,
  other: number,
  admin: number,
]

const COLUMNS: Caller[] = ['anonymous', 'pending', 'renterX', 'renterY', 'owner', 'manager', 'scheduler', 'frontDesk', 'other', 'admin']
// A's Owner goes last, after its team: its call may change or use up what the others were refused.
const RUN_ORDER: Caller[] = ['anonymous', 'pending', 'renterX', 'renterY', 'other', 'admin', 'frontDesk', 'scheduler', 'manager', 'owner']
// Who may see A's data: its members. Nothing of A may reach anyone else, its renters included
// (a portal row that shows a renter its own client's data says so with its scope).
const MEMBERS_OF_A: Caller[] = ['owner', 'manager', 'scheduler', 'frontDesk']
// Accounts no administrator approved: a staff route refuses them with NOT_APPROVED.
const UNAPPROVED: Caller[] = ['pending', 'renterX', 'renterY']
// The renters' own routes, which answer renters as renters rather than as pending accounts.
const isPortalRoute = (route: string) => /^\w+ \/api\/(portal\/|portal-invitations\/)/.test(route)
const PASSWORD = 'correct horse battery'

type Context = {
  a: OwnerData & { organisationId: string; teammateId: string; invitationToken: string }
  caller: Caller
  user: TestUser | null
  // A throwaway account for the admin actions, so none of them touches a caller.
  targetId: string
  fresh: Record<string, string>
}

type Row = {
  route: string
  expect: Statuses
  path: (context: Context) => string
  body?: (context: Context) => unknown
  // multipart/form-data with an image, as the logo upload takes it.
  isUpload?: boolean
  // owned: nothing of A's may reach anyone else; public: one answer for everybody; admin: the
  // admin sees every account by design; client: a portal row of A's client X, which renterX (who
  // speaks for X) may see and nobody else outside A; renters: a portal row of A's own (its
  // facilities that accept requests), which every renter of one of A's clients may see.
  scope?: 'owned' | 'public' | 'admin' | 'client' | 'renters'
  // What the owner's answer shows of A, so that the others' answers are known to be filtered
  // rather than empty for another reason.
  shows?: (a: OwnerData) => string
  // Runs after every other row on resources made for it, so it cannot break another row.
  isDestructive?: boolean
  prepare?: () => Promise<Record<string, string>>
  // Each caller sends a session made just for this row instead of its own.
  usesFreshSession?: boolean
  verify?: (context: Context & { cookie: string | undefined; response: string }) => Promise<string[]>
}

// The secret the test app signs unsubscribe links with (it sets none of its own).
const TEST_SECRET = readEnv({ NODE_ENV: 'test' }).authSecret
const all = (status: number): Statuses => [status, status, status, status, status, status, status, status, status, status]
const range = 'from=2033-01-01T00:00:00Z&to=2033-01-20T00:00:00Z'

describe.each(testDatabaseKinds())('authorization matrix on %s', (kind) => {
  // TEST_CLOCK: the test clock's route is one of this app's too (env.ts refuses it in production).
  const {
    t,
    admin,
    operators: [owner, other, switcher, pending, manager, scheduler, frontDesk, teammate],
  } = useTestApp(kind, { operators: 8, env: { TEST_CLOCK: 'true' } })
  // The renters are made once A and its clients exist (beforeAll).
  const callers: Record<Exclude<Caller, 'anonymous'>, TestUser> = {
    pending,
    renterX: pending,
    renterY: pending,
    owner,
    manager,
    scheduler,
    frontDesk,
    other,
    admin,
  }
  let a: Context['a']
  let targetId: string
  let fingerprint: () => Promise<Fingerprint>

  // Fresh resources of A for the destructive rows.
  let makeA: ReturnType<typeof operatorResources>
  let deletedEvents = 0
  let seriesMade = 0

  // A two-day series of A's, on days of its own: its first event, the event's and the series' versions.
  async function seriesOfA() {
    seriesMade += 1
    const response = await t.request('/api/events', {
      method: 'POST',
      cookie: owner.cookie,
      body: {
        roomId: a.rinkId,
        clientId: a.clientId,
        title: 'Matrix series',
        date: `2036-0${1 + Math.floor((seriesMade - 1) / 9)}-${String(((seriesMade - 1) % 9) * 3 + 1).padStart(2, '0')}`,
        startTime: '08:00',
        durationMinutes: 60,
        recurrence: {
          frequency: 'daily',
          endDate: `2036-0${1 + Math.floor((seriesMade - 1) / 9)}-${String(((seriesMade - 1) % 9) * 3 + 2).padStart(2, '0')}`,
        },
      },
    })
    if (response.status !== 201) throw new Error(`series failed: ${response.status} ${await response.text()}`)
    const [event] = (
      (await response.json()) as { events: { id: string; seriesId: string; version: number; startTime: string; endTime: string }[] }
    ).events
    const series = await t.request(`/api/series/${event!.seriesId}`, { cookie: owner.cookie })
    const { version } = (await series.json()) as { version: number }
    return { id: event!.id, seriesId: event!.seriesId, start: event!.startTime, end: event!.endTime, seriesVersion: String(version) }
  }

  // A's feed of the target (made by its Owner, or the one it has): its id and its public path.
  async function feedOfA(scope: 'client' | 'space' | 'facility', targetId: string) {
    const response = await t.request('/api/feeds', { method: 'POST', cookie: owner.cookie, body: { scope, targetId } })
    if (response.status !== 201 && response.status !== 200) throw new Error(`feed failed: ${response.status} ${await response.text()}`)
    const { feed } = (await response.json()) as { feed: { id: string; url: string } }
    return { id: feed.id, path: new URL(feed.url).pathname }
  }

  // A draft invoice of A's for a client of its own (one draft per client), with one line; issued by A's Owner when asked.
  async function invoiceOfA({ issued = false, lineKind = 'booking' }: { issued?: boolean; lineKind?: 'booking' | 'custom' } = {}) {
    const organisationId = a.organisationId
    const [client] = await t.db.insert(clients).values({ organisationId, name: 'Matrix billing' }).returning({ id: clients.id })
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        organisationId,
        clientId: client!.id,
        periodStart: '2026-01-01',
        periodEnd: '2026-01-31',
        timeZone: 'UTC',
        currency: 'CAD',
      })
      .returning({ id: invoices.id })
    const [line] = await t.db
      .insert(invoiceLines)
      .values({
        organisationId,
        invoiceId: invoice!.id,
        position: 0,
        kind: lineKind,
        description: 'Matrix line',
        scheduleId: lineKind === 'booking' ? randomUUID() : null,
        amountMinor: 1000,
      })
      .returning({ id: invoiceLines.id })
    await t.db.update(invoices).set({ subtotalMinor: 1000, totalMinor: 1000 }).where(eq(invoices.id, invoice!.id))
    if (issued) {
      const response = await t.request(`/api/invoices/${invoice!.id}/issue`, { method: 'POST', cookie: owner.cookie })
      if (response.status !== 200) throw new Error(`issue failed: ${response.status} ${await response.text()}`)
    }
    return { id: invoice!.id, lineId: line!.id }
  }

  const setApproved = (id: string, approved: boolean) => t.db.update(users).set({ approved }).where(eq(users.id, id))

  // Renter accounts (ADR 0063): an invitation of A's Owner to speak for a client of A, its id and the link's token.
  async function portalInvitationOfA(clientId: string, email: string) {
    const response = await t.request(`/api/clients/${clientId}/portal-invitations`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { email },
    })
    if (response.status !== 201) throw new Error(`portal invitation failed: ${response.status} ${await response.text()}`)
    const { invitation, url } = (await response.json()) as { invitation: { id: string }; url: string }
    return { id: invitation.id, token: new URL(url).searchParams.get('portalInvitation')! }
  }
  let portalToken = ''

  // An issued invoice of A's client X, which renterX reads in the portal.
  async function issuedInvoiceOfX() {
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        organisationId: a.organisationId,
        clientId: a.clientId,
        periodStart: '2026-02-01',
        periodEnd: '2026-02-28',
        timeZone: 'UTC',
        currency: 'CAD',
      })
      .returning({ id: invoices.id })
    await t.db.insert(invoiceLines).values({
      organisationId: a.organisationId,
      invoiceId: invoice!.id,
      position: 0,
      kind: 'custom',
      description: 'Matrix ice',
      amountMinor: 1000,
    })
    await t.db.update(invoices).set({ subtotalMinor: 1000, totalMinor: 1000 }).where(eq(invoices.id, invoice!.id))
    const response = await t.request(`/api/invoices/${invoice!.id}/issue`, { method: 'POST', cookie: owner.cookie })
    if (response.status !== 200) throw new Error(`issue failed: ${response.status} ${await response.text()}`)
    return { id: invoice!.id }
  }

  // A second session of the caller's own account; anonymous has none.
  async function freshSession(caller: Caller): Promise<string | undefined> {
    if (caller === 'anonymous') return undefined
    const user = callers[caller]
    if (caller !== 'pending') return t.signIn(user.email, PASSWORD)
    await setApproved(pending.id, true)
    try {
      return await t.signIn(pending.email, PASSWORD)
    } finally {
      await setApproved(pending.id, false)
    }
  }

  const isSignedIn = async (cookie: string) => (await t.request('/api/me', { cookie })).status === 200

  // An invitation to A from its Owner; the token is the link's last part.
  async function inviteToA(email: string, role = 'scheduler'): Promise<string> {
    const response = await t.request('/api/team/invitations', { method: 'POST', cookie: owner.cookie, body: { email, role } })
    if (response.status !== 201) throw new Error(`invitation failed: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { link: string }).link.split('/invite/')[1]!
  }

  async function invitationIdInA(email: string): Promise<string> {
    await inviteToA(email)
    const listed = await t.request('/api/team/invitations', { cookie: owner.cookie })
    const { invitations } = (await listed.json()) as { invitations: { id: string; email: string }[] }
    return invitations.find((invitation) => invitation.email === email)!.id
  }

  async function joinA(member: TestUser, role: string) {
    const token = await inviteToA(member.email, role)
    const response = await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: member.cookie })
    if (response.status !== 200) throw new Error(`accepting failed: ${response.status} ${await response.text()}`)
  }

  // Released ice and the waitlist (ADR 0065): bookings of A's client X on days of their own, and
  // renterX's own waitlist entries and the offers they reached, written straight to the tables.
  let releasesMade = 0
  async function bookingOfX() {
    releasesMade += 1
    const date = new Date(Date.UTC(2037, 0, 1) + releasesMade * 86_400_000).toISOString().slice(0, 10)
    return { id: await makeA.event(a.rinkId, a.clientId, { date }) }
  }
  async function entryOfX() {
    const [entry] = await t.db
      .insert(waitlistEntries)
      .values({
        organisationId: a.organisationId,
        clientId: a.clientId,
        roomId: a.rinkId,
        userId: callers.renterX.id,
        localDate: '2038-06-01',
        fromTime: '08:00',
        toTime: '12:00',
      })
      .returning({ id: waitlistEntries.id })
    return entry!.id
  }
  let offersMade = 0
  async function offerToX() {
    offersMade += 1
    const start = new Date(Date.UTC(2038, 0, 1, 15) + offersMade * 86_400_000)
    const entryId = await entryOfX()
    const [offer] = await t.db
      .insert(waitlistOffers)
      .values({ organisationId: a.organisationId, roomId: a.rinkId, startTime: start, endTime: new Date(start.getTime() + 3_600_000) })
      .returning({ id: waitlistOffers.id })
    await t.db.insert(waitlistOfferRecipients).values({ organisationId: a.organisationId, offerId: offer!.id, entryId })
    return { id: offer!.id }
  }

  // Requests that hold the ice (docs/product.md#renters): a space of A that accepts requests
  // (made in beforeAll), and renterX's pending requests on it, each on a day of its own.
  let requestableRoomId = ''
  let requestsMade = 0
  const requestBody = () => {
    requestsMade += 1
    const date = new Date(Date.UTC(2039, 0, 1) + requestsMade * 86_400_000).toISOString().slice(0, 10)
    return { clientId: a.clientId, roomId: requestableRoomId, date, startTime: '10:00', durationMinutes: 60, title: 'Matrix request' }
  }
  async function requestOfX() {
    const response = await t.request('/api/portal/requests', { method: 'POST', cookie: callers.renterX.cookie, body: requestBody() })
    if (response.status !== 201) throw new Error(`request failed: ${response.status} ${await response.text()}`)
    return { id: ((await response.json()) as { request: { id: string } }).request.id }
  }

  const rows: Row[] = [
    // ---------- no sign-in needed, and the same for everybody ----------
    { route: 'GET /livez', path: () => '/livez', expect: all(200), scope: 'public' },
    { route: 'GET /healthz', path: () => '/healthz', expect: all(200), scope: 'public' },
    { route: 'GET /api/public/displays/:slug', path: ({ a }) => `/api/public/displays/${a.screenSlug}`, expect: all(200), scope: 'public' },
    {
      route: 'GET /api/public/displays/:slug/changes',
      path: ({ a }) => `/api/public/displays/${a.screenSlug}/changes`,
      expect: all(200),
      scope: 'public',
    },
    { route: 'GET /api/public/logos/:slug/:version', path: ({ a }) => a.logoPath, expect: all(200), scope: 'public' },
    // An unknown path under /api answers once the caller is known to be allowed in at all.
    { route: 'ALL /api/*', path: () => '/api/no-such-route', expect: [401, 403, 403, 403, 404, 404, 404, 404, 404, 404] },
    // A calendar feed: its secret address is the only key, the same answer for everybody.
    {
      route: 'GET /feeds/:file',
      prepare: async () => feedOfA('client', a.clientId),
      path: ({ fresh }) => fresh.path!,
      expect: all(200),
      scope: 'public',
    },
    // Any other address there, a well-formed token that opens nothing included.
    { route: 'ALL /feeds/*', path: () => `/feeds/${'A'.repeat(43)}.ics/more`, expect: all(404), scope: 'public' },

    // ---------- accounts: our wrappers and better-auth's own endpoints ----------
    {
      route: 'POST /api/auth/sign-up/email',
      path: () => '/api/auth/sign-up/email',
      body: ({ caller }) => ({ fullName: 'New Account', email: `signup-${caller}@example.com`, password: PASSWORD }),
      expect: all(201),
    },
    // Only the endpoints of better-auth that the app uses are open; every other one (sessions
    // with their tokens, account changes, the admin plugin) is a plain 404 for everybody.
    { route: 'GET /api/auth/get-session', path: () => '/api/auth/get-session', expect: all(404) },
    { route: 'GET /api/auth/list-sessions', path: () => '/api/auth/list-sessions', expect: all(404) },
    {
      // Role and approval are not the account's own to set.
      route: 'POST /api/auth/update-user',
      path: () => '/api/auth/update-user',
      body: () => ({ role: 'admin', approved: true }),
      expect: all(404),
    },
    // Deleting an account would go around the client-deletion rules (ADR 0006).
    {
      route: 'POST /api/auth/delete-user',
      path: () => '/api/auth/delete-user',
      body: () => ({ password: PASSWORD }),
      expect: all(404),
    },
    // better-auth's unknown endpoints, and our sign-in with a trailing slash, which must not
    // reach better-auth's own sign-in around the failure limit.
    { route: 'GET /api/auth/no-such-endpoint', path: () => '/api/auth/no-such-endpoint', expect: all(404) },
    {
      route: 'POST /api/auth/sign-in/email/',
      path: () => '/api/auth/sign-in/email/',
      body: () => ({ email: switcher.email, password: 'a wrong password' }),
      expect: all(404),
    },
    {
      route: 'POST /api/auth/reset-password',
      path: () => '/api/auth/reset-password',
      body: () => ({ token: 'not-a-real-token', newPassword: 'a brand new secret' }),
      expect: all(422),
    },
    {
      // One answer for everybody, for an email with an account (the caller's own) or without.
      route: 'POST /api/auth/forgot-password',
      path: () => '/api/auth/forgot-password',
      body: ({ user }) => ({ email: user?.email ?? 'nobody@example.com' }),
      // Every test request comes from one address: its hourly window starts afresh for each
      // caller, so each gets the answer it would get alone (the limit: admin/password-reset-requests).
      prepare: async () => {
        await t.db.delete(passwordResetRequests)
        return {}
      },
      expect: all(202),
      scope: 'public',
    },
    // A renter's answer names the clients it speaks for and their organisation (renterOf).
    { route: 'GET /api/me', path: () => '/api/me', expect: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200], scope: 'renters' },

    // better-auth's admin plugin is closed: the app's own /api/admin routes below do what an
    // admin needs, through the same approval and session rules as every other route.
    {
      route: 'GET /api/auth/admin/list-users',
      path: () => '/api/auth/admin/list-users',
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'GET /api/auth/admin/get-user',
      path: ({ targetId }) => `/api/auth/admin/get-user?id=${targetId}`,
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/create-user',
      path: () => '/api/auth/admin/create-user',
      body: ({ caller }) => ({ email: `created-by-${caller}@example.com`, password: PASSWORD, name: 'Created', role: 'admin' }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/update-user',
      path: () => '/api/auth/admin/update-user',
      body: ({ targetId }) => ({ userId: targetId, data: { name: 'Renamed by an admin' } }),
      expect: all(404),
      scope: 'admin',
    },
    {
      // Each caller tries to make itself an admin.
      route: 'POST /api/auth/admin/set-role',
      path: () => '/api/auth/admin/set-role',
      body: ({ user, targetId }) => ({ userId: user?.id ?? targetId, role: 'admin' }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/ban-user',
      path: () => '/api/auth/admin/ban-user',
      body: ({ targetId }) => ({ userId: targetId }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/unban-user',
      path: () => '/api/auth/admin/unban-user',
      body: ({ targetId }) => ({ userId: targetId }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/list-user-sessions',
      path: () => '/api/auth/admin/list-user-sessions',
      body: () => ({ userId: owner.id }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/impersonate-user',
      path: () => '/api/auth/admin/impersonate-user',
      body: () => ({ userId: owner.id }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/stop-impersonating',
      path: () => '/api/auth/admin/stop-impersonating',
      body: () => ({}),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/revoke-user-session',
      path: () => '/api/auth/admin/revoke-user-session',
      body: () => ({ sessionToken: 'not-a-real-token' }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/revoke-user-sessions',
      path: () => '/api/auth/admin/revoke-user-sessions',
      body: ({ caller, targetId }) => ({ userId: caller === 'admin' ? targetId : owner.id }),
      expect: all(404),
      scope: 'admin',
    },
    {
      // An operator setting another's password would take the account over.
      route: 'POST /api/auth/admin/set-user-password',
      path: () => '/api/auth/admin/set-user-password',
      body: ({ caller, targetId }) => ({ userId: caller === 'admin' ? targetId : owner.id, newPassword: 'taken over!' }),
      expect: all(404),
      scope: 'admin',
    },
    {
      route: 'POST /api/auth/admin/has-permission',
      path: () => '/api/auth/admin/has-permission',
      body: () => ({ permissions: { user: ['delete'] } }),
      expect: all(404),
      scope: 'admin',
    },

    // ---------- the app's administration ----------
    {
      route: 'GET /api/admin/users',
      path: () => '/api/admin/users',
      expect: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
      scope: 'admin',
    },
    // Every message, the accounts' own too: the admin's alone.
    {
      route: 'GET /api/admin/mail',
      path: () => '/api/admin/mail',
      expect: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
      scope: 'admin',
    },
    {
      route: 'POST /api/test/clock',
      path: () => '/api/test/clock',
      body: () => ({ advanceMinutes: 1 }),
      expect: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
      scope: 'admin',
    },
    {
      route: 'POST /api/admin/users/:id/approve',
      path: ({ targetId }) => `/api/admin/users/${targetId}/approve`,
      expect: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
      scope: 'admin',
    },
    {
      route: 'POST /api/admin/users/:id/revoke',
      path: ({ targetId }) => `/api/admin/users/${targetId}/revoke`,
      expect: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
      scope: 'admin',
    },
    {
      route: 'POST /api/admin/users/:id/reset-password',
      path: () => `/api/admin/users/${owner.id}/reset-password`,
      expect: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
      scope: 'admin',
    },

    // ---------- facilities and rooms ----------
    {
      route: 'GET /api/facilities',
      path: () => '/api/facilities',
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.facilityId,
    },
    { route: 'GET /api/facilities/count', path: () => '/api/facilities/count', expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200] },
    {
      route: 'POST /api/facilities',
      path: () => '/api/facilities',
      body: () => ({ name: 'Another Arena' }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 201, 201],
    },
    {
      route: 'GET /api/facilities/:id',
      path: ({ a }) => `/api/facilities/${a.facilityId}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      // The same zone, so no booking row below sees another clock.
      route: 'PUT /api/facilities/:id',
      path: ({ a }) => `/api/facilities/${a.facilityId}`,
      body: () => ({ name: 'Owner-A Arena', description: 'renamed', timeZone: 'America/New_York' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'GET /api/facilities/:id/rooms',
      path: ({ a }) => `/api/facilities/${a.facilityId}/rooms`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      route: 'POST /api/facilities/:id/rooms',
      path: ({ a }) => `/api/facilities/${a.facilityId}/rooms`,
      body: () => ({ name: 'Studio', type: 'room' }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    {
      route: 'GET /api/facilities/:id/change-room-clashes',
      path: ({ a }) => `/api/facilities/${a.facilityId}/change-room-clashes`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      route: 'GET /api/facilities/:id/change-rooms',
      path: ({ a }) => `/api/facilities/${a.facilityId}/change-rooms`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      // The timeline's live updates: an event stream, for every member who reads the calendar.
      route: 'GET /api/facilities/:id/timeline/changes',
      path: ({ a }) => `/api/facilities/${a.facilityId}/timeline/changes`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    { route: 'GET /api/rooms/:id', path: ({ a }) => `/api/rooms/${a.rinkId}`, expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404] },
    {
      // The hours the rink has, so every booking row below still fits them.
      route: 'PUT /api/rooms/:id',
      path: ({ a }) => `/api/rooms/${a.rinkId}`,
      body: () => ({ name: 'Owner-A rink', type: 'rink', capacity: 40, ...OPEN_AROUND_THE_CLOCK }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },

    // ---------- clients, contracts, usage ----------
    {
      route: 'GET /api/clients',
      path: () => '/api/clients',
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.clientId,
    },
    {
      route: 'POST /api/clients',
      path: () => '/api/clients',
      body: () => ({ name: 'Another Club' }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 201, 201],
    },
    {
      route: 'GET /api/clients/:id',
      path: ({ a }) => `/api/clients/${a.clientId}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      route: 'PUT /api/clients/:id',
      path: ({ a }) => `/api/clients/${a.clientId}`,
      body: () => ({ name: 'Owner-A Hockey Club', notes: 'renamed' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      // 'Import Clients' (ADR 0068): into the caller's own organisation, as Add Client.
      route: 'POST /api/clients/import/preview',
      path: () => '/api/clients/import/preview',
      body: () => ({ csv: 'Name,Email\nImported Club,imported@example.com\n' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
    },
    {
      route: 'POST /api/clients/import',
      path: () => '/api/clients/import',
      body: () => ({ csv: 'Name,Email\nImported Club,imported@example.com\n' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
    },
    {
      route: 'GET /api/clients/:id/contracts',
      path: ({ a }) => `/api/clients/${a.clientId}/contracts`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    {
      route: 'GET /api/clients/:id/charging-contract',
      path: ({ a }) => `/api/clients/${a.clientId}/charging-contract?roomId=${a.rinkId}&date=2026-03-08`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    {
      route: 'GET /api/clients/:id/usage',
      path: ({ a }) => `/api/clients/${a.clientId}/usage`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    {
      route: 'GET /api/contracts',
      path: () => '/api/contracts',
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 200, 200],
      shows: (a) => a.contractId,
    },
    {
      route: 'POST /api/contracts',
      path: () => '/api/contracts',
      body: ({ a }) => ({
        clientId: a.clientId,
        name: 'Season',
        startDate: '2021-01-01',
        totalHours: 10,
        appliesTo: 'spaces',
        spaceIds: [a.rinkId],
      }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    {
      route: 'PUT /api/contracts/:id',
      path: ({ a }) => `/api/contracts/${a.contractId}`,
      body: ({ a }) => ({ clientId: a.clientId, name: 'Season', startDate: '2020-01-01', totalHours: 6000, hoursUsed: 2 }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/usage',
      path: () => '/api/usage',
      body: ({ a }) => ({ contractId: a.contractId, usageDate: '2026-02-01', hours: 0.5 }),
      expect: [401, 403, 403, 403, 201, 201, 201, 403, 404, 404],
    },

    // ---------- events ----------
    {
      route: 'GET /api/events',
      path: () => `/api/events?${range}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.eventId,
    },
    // Narrowed to A's facility and space: the others get nothing of it, as if it did not exist.
    {
      route: 'GET /api/events',
      path: ({ a }) => `/api/events?${range}&facilityId=${a.facilityId}&roomId=${a.rinkId}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.eventId,
    },
    // Its JSON is written by PostgreSQL and sent as it is (ADR 0034): every role of A that reads
    // it sees A's event in it, and every other caller its own organisation's month without it.
    {
      route: 'GET /api/events/month',
      path: () => `/api/events/month?${range}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.eventId,
      verify: async ({ a, caller, response }) => {
        const { days } = monthDaysResponse.parse(JSON.parse(response))
        const ids = days.flatMap((day) => day.events.map((event) => event.id))
        if (MEMBERS_OF_A.includes(caller)) return ids.includes(a.eventId) ? [] : [`does not show ${a.eventId}`]
        return ids.includes(a.eventId) ? [`shows ${a.eventId} of another organisation`] : []
      },
    },
    // Filters naming someone else's facility, room or client find nothing, exactly like missing ones.
    {
      route: 'GET /api/events/upcoming',
      path: ({ a }) => `/api/events/upcoming?facilityId=${a.facilityId}&roomId=${a.rinkId}&clientId=${a.clientId}&q=practice`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.eventId,
    },
    {
      route: 'GET /api/events/past',
      path: ({ a }) => `/api/events/past?roomId=${a.rinkId}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.pastEventId,
    },
    {
      route: 'GET /api/events/change-rooms',
      path: ({ a }) => `/api/events/change-rooms?roomId=${a.rinkId}&from=2034-05-01T12:00:00Z&to=2034-05-01T13:00:00Z`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
      shows: (a) => a.changeRoomId,
    },
    {
      route: 'GET /api/events/rooms',
      path: () => '/api/events/rooms',
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.rinkId,
    },
    {
      route: 'POST /api/events',
      path: () => '/api/events',
      body: ({ a, caller }) => ({
        roomId: a.rinkId,
        clientId: a.clientId,
        // A day per caller: each allowed member books its own.
        date: `2034-05-${String(RUN_ORDER.indexOf(caller) + 1).padStart(2, '0')}`,
        startTime: '08:00',
        durationMinutes: 60,
        title: 'Matrix skate',
      }),
      expect: [401, 403, 403, 403, 201, 201, 201, 403, 404, 404],
    },
    {
      route: 'POST /api/events/preview',
      path: () => '/api/events/preview',
      body: ({ a }) => ({
        roomId: a.rinkId,
        clientId: a.clientId,
        date: '2034-05-20',
        startTime: '08:00',
        durationMinutes: 60,
        title: 'Preview',
      }),
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    {
      route: 'GET /api/series/:id',
      prepare: seriesOfA,
      path: ({ fresh }) => `/api/series/${fresh.seriesId}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      route: 'POST /api/events/:id/series-preview',
      prepare: seriesOfA,
      path: ({ fresh }) => `/api/events/${fresh.id}/series-preview`,
      body: ({ a, fresh }) => ({
        clientId: a.clientId,
        title: 'Matrix series',
        startTime: fresh.start,
        endTime: fresh.end,
        version: 1,
        scope: 'all',
        seriesVersion: Number(fresh.seriesVersion),
      }),
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    // ---------- released ice and the waitlist (ADR 0065): renters speak for their clients ----------
    {
      route: 'GET /api/portal/waitlist/spaces',
      path: () => '/api/portal/waitlist/spaces',
      expect: [401, 403, 200, 200, 403, 403, 403, 403, 403, 403],
      scope: 'renters',
    },
    {
      route: 'GET /api/portal/waitlist',
      path: () => '/api/portal/waitlist',
      expect: [401, 403, 200, 200, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    {
      route: 'POST /api/portal/waitlist',
      path: () => '/api/portal/waitlist',
      body: ({ a }) => ({ clientId: a.clientId, roomId: a.rinkId, date: '2038-06-02', fromTime: '08:00', toTime: '12:00' }),
      expect: [401, 403, 201, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    {
      route: 'GET /api/portal/offers/:id',
      prepare: offerToX,
      path: ({ fresh }) => `/api/portal/offers/${fresh.id}`,
      expect: [401, 403, 200, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    {
      route: 'DELETE /api/portal/waitlist/:id',
      prepare: async () => ({ id: await entryOfX() }),
      path: ({ fresh }) => `/api/portal/waitlist/${fresh.id}`,
      expect: [401, 403, 204, 404, 403, 403, 403, 403, 403, 403],
      isDestructive: true,
    },
    {
      route: 'POST /api/portal/offers/:id/claim',
      prepare: offerToX,
      path: ({ fresh }) => `/api/portal/offers/${fresh.id}/claim`,
      body: ({ a }) => ({ clientId: a.clientId }),
      expect: [401, 403, 201, 404, 403, 403, 403, 403, 403, 403],
      isDestructive: true,
    },
    {
      route: 'POST /api/portal/bookings/:id/release',
      prepare: bookingOfX,
      path: ({ fresh }) => `/api/portal/bookings/${fresh.id}/release`,
      expect: [401, 403, 204, 404, 403, 403, 403, 403, 403, 403],
      isDestructive: true,
    },
    {
      // An operator releases any upcoming booking (docs/product.md#renters).
      route: 'POST /api/events/:id/release',
      prepare: bookingOfX,
      path: ({ fresh }) => `/api/events/${fresh.id}/release`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
      isDestructive: true,
    },
    // ---------- requests that hold the ice (docs/product.md#renters) ----------
    {
      // The venues' facilities with spaces that accept requests: every renter of A's clients sees A's.
      route: 'GET /api/portal/facilities',
      path: () => '/api/portal/facilities',
      expect: [401, 403, 200, 200, 403, 403, 403, 403, 403, 403],
      scope: 'renters',
    },
    {
      route: 'GET /api/portal/free-slots',
      path: () => `/api/portal/free-slots?roomId=${requestableRoomId}&date=2039-06-01&durationMinutes=60`,
      expect: [401, 403, 200, 200, 403, 403, 403, 403, 403, 403],
      scope: 'renters',
    },
    {
      route: 'GET /api/portal/facilities/:id/free-slots',
      path: ({ a }) => `/api/portal/facilities/${a.facilityId}/free-slots?date=2039-06-01&durationMinutes=60`,
      expect: [401, 403, 200, 200, 403, 403, 403, 403, 403, 403],
      scope: 'renters',
    },
    {
      // For A's client X: only renterX speaks for it.
      route: 'POST /api/portal/requests',
      path: () => '/api/portal/requests',
      body: () => requestBody(),
      expect: [401, 403, 201, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    {
      route: 'GET /api/portal/requests',
      prepare: requestOfX,
      path: () => '/api/portal/requests',
      expect: [401, 403, 200, 200, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    {
      route: 'GET /api/requests',
      prepare: requestOfX,
      path: () => '/api/requests',
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 200, 200],
      shows: () => 'Matrix request',
    },
    {
      route: 'GET /api/requests/count',
      path: () => '/api/requests/count',
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 200, 200],
    },
    {
      route: 'POST /api/portal/requests/:id/withdraw',
      prepare: requestOfX,
      path: ({ fresh }) => `/api/portal/requests/${fresh.id}/withdraw`,
      expect: [401, 403, 200, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
      isDestructive: true,
    },
    {
      route: 'POST /api/requests/:id/approve',
      prepare: requestOfX,
      path: ({ fresh }) => `/api/requests/${fresh.id}/approve`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'POST /api/requests/:id/decline',
      prepare: requestOfX,
      path: ({ fresh }) => `/api/requests/${fresh.id}/decline`,
      body: () => ({ reason: 'The matrix says no' }),
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
      isDestructive: true,
    },
    // ---------- renter accounts and the portal's reads (ADR 0063) ----------
    {
      route: 'GET /api/clients/:id/portal-access',
      path: ({ a }) => `/api/clients/${a.clientId}/portal-access`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/clients/:id/portal-invitations',
      path: ({ a }) => `/api/clients/${a.clientId}/portal-invitations`,
      body: ({ caller }) => ({ email: `portal-by-${caller}-${kind}@example.com` }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    // The link's holder, whoever they are, sees whom it is from and for.
    {
      route: 'GET /api/portal-invitations/:token',
      path: () => `/api/portal-invitations/${portalToken}`,
      expect: all(200),
      scope: 'public',
    },
    {
      // The clients a renter speaks for: members and the admin are no renters.
      route: 'GET /api/portal/clients',
      path: () => '/api/portal/clients',
      expect: [401, 403, 200, 200, 403, 403, 403, 403, 403, 403],
      scope: 'renters',
    },
    {
      route: 'GET /api/portal/bookings',
      path: ({ a }) => `/api/portal/bookings?clientId=${a.clientId}`,
      expect: [401, 403, 200, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
      verify: async ({ a, caller, response }) =>
        caller === 'renterX' && !response.includes(a.eventId) ? [`does not show ${a.eventId}`] : [],
    },
    {
      route: 'GET /api/portal/contracts',
      path: ({ a }) => `/api/portal/contracts?clientId=${a.clientId}`,
      expect: [401, 403, 200, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
      verify: async ({ a, caller, response }) =>
        caller === 'renterX' && !response.includes(a.usageId) ? [`does not show ${a.usageId}`] : [],
    },
    {
      route: 'GET /api/portal/invoices',
      path: ({ a }) => `/api/portal/invoices?clientId=${a.clientId}`,
      expect: [401, 403, 200, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    {
      route: 'GET /api/portal/invoices/:id',
      prepare: issuedInvoiceOfX,
      path: ({ fresh }) => `/api/portal/invoices/${fresh.id}`,
      expect: [401, 403, 200, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    {
      route: 'GET /api/portal/clients/:id/feed',
      path: ({ a }) => `/api/portal/clients/${a.clientId}/feed`,
      expect: [401, 403, 200, 404, 403, 403, 403, 403, 403, 403],
      scope: 'client',
    },
    // ---------- closures ----------
    {
      route: 'GET /api/closures',
      path: () => '/api/closures?from=2039-12-31T00:00:00Z&to=2040-01-02T00:00:00Z',
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.closureId,
    },
    {
      route: 'GET /api/facilities/:id/closures',
      path: ({ a }) => `/api/facilities/${a.facilityId}/closures`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
      shows: (a) => a.closureId,
    },
    {
      route: 'POST /api/facilities/:id/closures/preview',
      path: ({ a }) => `/api/facilities/${a.facilityId}/closures/preview`,
      body: ({ a }) => ({ spaceId: a.rinkId, startDate: '2041-01-01', startTime: '00:00', endDate: '2041-01-02', endTime: '00:00' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/facilities/:id/closures',
      path: ({ a }) => `/api/facilities/${a.facilityId}/closures`,
      // A day per caller: each allowed member closes its own.
      body: ({ a, caller }) => ({
        spaceId: a.rinkId,
        reason: 'Matrix maintenance',
        startDate: `2041-02-${String(RUN_ORDER.indexOf(caller) + 1).padStart(2, '0')}`,
        startTime: '00:00',
        endDate: `2041-02-${String(RUN_ORDER.indexOf(caller) + 1).padStart(2, '0')}`,
        endTime: '06:00',
      }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    // Public holidays as closures (ADR 0050): the venue's setting, as closures are. The countries
    // are no one's data; a second import of the same days adds nothing and still answers 201.
    {
      route: 'GET /api/holidays/countries',
      path: () => '/api/holidays/countries',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
    },
    {
      route: 'POST /api/facilities/:id/closures/holidays/preview',
      path: ({ a }) => `/api/facilities/${a.facilityId}/closures/holidays/preview`,
      body: () => ({ country: 'CA', region: 'ON', from: '2045-12-20', to: '2046-01-05' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/facilities/:id/closures/holidays',
      path: ({ a }) => `/api/facilities/${a.facilityId}/closures/holidays`,
      body: () => ({ country: 'CA', region: 'ON', from: '2045-12-20', to: '2046-01-05' }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    {
      route: 'PUT /api/events/:id',
      path: ({ a }) => `/api/events/${a.eventId}`,
      body: ({ a, caller }) => ({
        clientId: a.clientId,
        title: 'Owner-A practice',
        startTime: '2034-06-01T14:00:00Z',
        endTime: '2034-06-01T15:00:00Z',
        changeRoom1Id: a.changeRoomId,
        // Each edit raises the event's version (ADR 0028): the scheduler, the manager and the
        // owner edit it in that order, each based on the version the one before left.
        version: 1 + Math.max(0, (['scheduler', 'manager', 'owner'] as Caller[]).indexOf(caller)),
      }),
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },

    // ---------- screens ----------
    {
      route: 'GET /api/screens',
      path: () => '/api/screens',
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.screenId,
    },
    {
      route: 'POST /api/screens',
      path: () => '/api/screens',
      body: ({ a, caller }) => ({ name: `Matrix board ${caller}`, rooms: [{ roomId: a.rinkId }] }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    {
      route: 'GET /api/screens/:id',
      path: ({ a }) => `/api/screens/${a.screenId}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      route: 'PUT /api/screens/:id',
      path: ({ a }) => `/api/screens/${a.screenId}`,
      body: ({ a }) => ({ name: a.screenName, rooms: [{ roomId: a.rinkId }], tickerText: 'Owner-A news' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'PUT /api/screens/:id/logo',
      path: ({ a }) => `/api/screens/${a.screenId}/logo`,
      isUpload: true,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },

    // ---------- calendar feeds: read by those who read the business, managed by those who manage the venue ----------
    {
      route: 'GET /api/feeds',
      path: ({ a }) => `/api/feeds?scope=client&targetId=${a.clientId}`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    {
      // The manager makes the facility's feed; the Owner, last, is answered the one it has.
      route: 'POST /api/feeds',
      path: () => '/api/feeds',
      body: ({ a }) => ({ scope: 'facility', targetId: a.facilityId, includeClientNames: false }),
      expect: [401, 403, 403, 403, 200, 201, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/feeds/:id/reset',
      prepare: async () => ({ id: (await feedOfA('space', a.rinkId)).id }),
      path: ({ fresh }) => `/api/feeds/${fresh.id}/reset`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'PUT /api/feeds/:id',
      prepare: async () => ({ id: (await feedOfA('space', a.rinkId)).id }),
      path: ({ fresh }) => `/api/feeds/${fresh.id}`,
      body: () => ({ includeClientNames: true }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },

    // ---------- prices (read by schedulers too) and invoices (billing's only) ----------
    { route: 'GET /api/billing/settings', path: () => '/api/billing/settings', expect: [401, 403, 403, 403, 200, 200, 200, 403, 200, 200] },
    {
      route: 'PUT /api/billing/settings',
      path: () => '/api/billing/settings',
      body: () => ({ currency: 'CAD', paymentTermsDays: 30, taxes: [{ name: 'HST', rateThousandths: 13000 }] }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
    },
    {
      route: 'GET /api/rooms/:roomId/rates',
      path: ({ a }) => `/api/rooms/${a.rinkId}/rates`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    {
      route: 'PUT /api/rooms/:roomId/rates',
      path: ({ a }) => `/api/rooms/${a.rinkId}/rates`,
      body: () => ({ primeRateMinor: 25000, nonPrimeRateMinor: 18000 }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'GET /api/clients/:clientId/rates',
      path: ({ a }) => `/api/clients/${a.clientId}/rates`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    {
      route: 'PUT /api/clients/:clientId/rates/:roomId',
      path: ({ a }) => `/api/clients/${a.clientId}/rates/${a.rinkId}`,
      body: () => ({ primeRateMinor: 20000, nonPrimeRateMinor: 15000 }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'DELETE /api/clients/:clientId/rates/:roomId',
      path: ({ a }) => `/api/clients/${a.clientId}/rates/${a.rinkId}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
    },
    { route: 'GET /api/invoices', path: () => '/api/invoices', expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200] },
    {
      route: 'POST /api/invoices/generate',
      path: () => '/api/invoices/generate',
      body: ({ a }) => ({ periodStart: '2026-01-01', periodEnd: '2026-12-31', clientId: a.clientId }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'GET /api/invoices/:id',
      prepare: () => invoiceOfA(),
      path: ({ fresh }) => `/api/invoices/${fresh.id}`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'GET /api/invoices/:id/pdf',
      prepare: () => invoiceOfA(),
      path: ({ fresh }) => `/api/invoices/${fresh.id}/pdf`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/invoices/:id/lines',
      prepare: () => invoiceOfA(),
      path: ({ fresh }) => `/api/invoices/${fresh.id}/lines`,
      body: () => ({ description: 'Skate sharpening', amountMinor: 1500 }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/invoices/:id/discount',
      prepare: () => invoiceOfA(),
      path: ({ fresh }) => `/api/invoices/${fresh.id}/discount`,
      body: () => ({ percentThousandths: 10000 }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/invoices/:id/lines/:lineId/remove',
      prepare: () => invoiceOfA(),
      path: ({ fresh }) => `/api/invoices/${fresh.id}/lines/${fresh.lineId}/remove`,
      body: () => ({ reason: 'Ice was unusable' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'DELETE /api/invoices/:id/lines/:lineId',
      prepare: () => invoiceOfA({ lineKind: 'custom' }),
      path: ({ fresh }) => `/api/invoices/${fresh.id}/lines/${fresh.lineId}`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'DELETE /api/invoices/:id',
      prepare: () => invoiceOfA(),
      path: ({ fresh }) => `/api/invoices/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/invoices/:id/issue',
      prepare: () => invoiceOfA(),
      path: ({ fresh }) => `/api/invoices/${fresh.id}/issue`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },
    {
      route: 'POST /api/invoices/:id/void',
      prepare: () => invoiceOfA({ issued: true }),
      path: ({ fresh }) => `/api/invoices/${fresh.id}/void`,
      body: () => ({ reason: 'Billed twice' }),
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
    },

    // ---------- payments and receivables (billing's only) ----------
    {
      // All of it the client's credit, which the receivables below show.
      route: 'POST /api/payments',
      path: () => '/api/payments',
      body: ({ a }) => ({ clientId: a.clientId, amountMinor: 1000, receivedOn: '2026-11-20', method: 'cash' }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    {
      // Settling an issued invoice of A's: another organisation's caller finds neither its client nor it.
      route: 'POST /api/payments',
      prepare: async () => {
        const { id } = await invoiceOfA({ issued: true })
        const [invoice] = await t.db.select({ clientId: invoices.clientId }).from(invoices).where(eq(invoices.id, id))
        return { id, clientId: invoice!.clientId }
      },
      path: () => '/api/payments',
      body: ({ fresh }) => ({
        clientId: fresh.clientId,
        amountMinor: 500,
        receivedOn: '2026-11-20',
        method: 'card',
        invoiceIds: [fresh.id],
      }),
      expect: [401, 403, 403, 403, 201, 201, 403, 403, 404, 404],
    },
    {
      route: 'GET /api/payments',
      path: ({ a }) => `/api/payments?clientId=${a.clientId}`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
      shows: (a) => a.clientId,
    },
    {
      route: 'GET /api/payments',
      path: () => '/api/payments',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: (a) => a.clientId,
    },
    {
      route: 'GET /api/clients/:id/billing',
      path: ({ a }) => `/api/clients/${a.clientId}/billing`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
      shows: (a) => a.clientId,
    },
    {
      route: 'GET /api/billing/receivables',
      path: () => '/api/billing/receivables',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: (a) => a.clientId,
    },
    {
      route: 'GET /api/billing/receivables.csv',
      path: () => '/api/billing/receivables.csv',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: () => 'Owner-A Hockey Club',
    },

    // ---------- the Reports page: readReports ----------
    {
      route: 'GET /api/reports',
      path: () => '/api/reports?from=2026-01-01&to=2026-12-31',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: (a) => a.facilityId,
    },
    {
      // A's facility is a 404 to anyone outside A.
      route: 'GET /api/reports',
      path: ({ a }) => `/api/reports?facilityId=${a.facilityId}&from=2026-01-01&to=2026-12-31`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
      shows: (a) => a.facilityId,
    },

    // ---------- exports and client statements: readReports ----------
    // The events' period covers A's event wherever the edit row above has moved it to (2034).
    {
      route: 'GET /api/exports/events.csv',
      path: () => '/api/exports/events.csv?from=2033-01-01&to=2034-12-31',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: (a) => a.eventId,
    },
    {
      // A's facility is a 404 to anyone outside A.
      route: 'GET /api/exports/events.csv',
      path: ({ a }) => `/api/exports/events.csv?facilityId=${a.facilityId}&from=2033-01-01&to=2034-12-31`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
      shows: (a) => a.eventId,
    },
    {
      route: 'GET /api/exports/clients.csv',
      path: () => '/api/exports/clients.csv',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: () => 'Owner-A Hockey Club',
    },
    {
      route: 'GET /api/exports/contracts.csv',
      path: () => '/api/exports/contracts.csv',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: (a) => a.contractId,
    },
    {
      route: 'GET /api/exports/usage.csv',
      path: () => '/api/exports/usage.csv?from=2026-01-01&to=2026-12-31',
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: (a) => a.contractId,
    },
    {
      route: 'GET /api/clients/:id/statement',
      path: ({ a }) => `/api/clients/${a.clientId}/statement?from=2026-01-01&to=2026-12-31`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
      shows: (a) => a.clientId,
    },
    {
      route: 'GET /api/clients/:id/statement.csv',
      path: ({ a }) => `/api/clients/${a.clientId}/statement.csv?from=2026-01-01&to=2026-12-31`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
      // A's usage line of 2026-01-15, logged by hand.
      shows: () => '2026-01-15,Usage,',
    },

    // ---------- marketing ----------
    {
      route: 'GET /api/marketing/availability',
      path: ({ a }) => `/api/marketing/availability?facilityId=${a.facilityId}&hoursAhead=4`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    // Each reads its own organisation's recipients; B's owner and the admin see none of A's.
    {
      route: 'GET /api/marketing/recipients',
      path: () => '/api/marketing/recipients',
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 200, 200],
    },
    {
      // A's client is a 404 to anyone outside A, and the whole send is refused.
      route: 'POST /api/marketing/send',
      path: () => '/api/marketing/send',
      body: ({ a }) => ({ subject: 'Ice tonight', body: 'Two hours free at 7 pm.', clientIds: [a.clientId] }),
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
    },
    // A client's unsubscribe link is all it takes, for anybody: the page's read and its write, and
    // the one-click POST a mail provider makes (outside /api, no same-origin check).
    {
      route: 'GET /api/unsubscribe/:token',
      path: ({ a }) => `/api/unsubscribe/${unsubscribeToken(a.clientId, TEST_SECRET)}`,
      expect: all(200),
      scope: 'public',
    },
    {
      route: 'POST /api/unsubscribe/:token',
      path: ({ a }) => `/api/unsubscribe/${unsubscribeToken(a.clientId, TEST_SECRET)}`,
      expect: all(200),
      scope: 'public',
    },
    {
      route: 'POST /unsubscribe/:token',
      path: ({ a }) => `/unsubscribe/${unsubscribeToken(a.clientId, TEST_SECRET)}`,
      body: () => 'List-Unsubscribe=One-Click',
      expect: all(200),
      scope: 'public',
    },
    {
      // Find Ice: for those who may book; A's facility, and A's space in it, are 404 for others.
      route: 'GET /api/availability/free-slots',
      path: ({ a }) => `/api/availability/free-slots?facilityId=${a.facilityId}&spaceId=${a.rinkId}&durationMinutes=60&weeks=1`,
      expect: [401, 403, 403, 403, 200, 200, 200, 403, 404, 404],
      shows: (a) => a.rinkId,
    },

    // ---------- organisations and teams: each signed-in account works in its current organisation ----------
    { route: 'GET /api/organisations', path: () => '/api/organisations', expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200] },
    {
      // Only into an organisation the caller belongs to; A's id is a 404 for everyone else.
      route: 'POST /api/organisations/switch',
      path: () => '/api/organisations/switch',
      body: ({ a }) => ({ organisationId: a.organisationId }),
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 404, 404],
    },
    {
      route: 'PATCH /api/organisation',
      path: () => '/api/organisation',
      body: ({ caller }) => ({ name: caller === 'owner' ? 'Owner-A Arena Group' : `${caller} renamed` }),
      expect: [401, 403, 403, 403, 200, 403, 403, 403, 200, 200],
    },
    {
      route: 'GET /api/team/members',
      path: () => '/api/team/members',
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: () => owner.email,
    },
    {
      route: 'PATCH /api/team/members/:id',
      path: ({ a }) => `/api/team/members/${a.teammateId}`,
      body: () => ({ role: 'scheduler' }),
      expect: [401, 403, 403, 403, 200, 403, 403, 403, 404, 404],
    },
    { route: 'GET /api/team/invitations', path: () => '/api/team/invitations', expect: [401, 403, 403, 403, 200, 403, 403, 403, 200, 200] },
    {
      // Owners and Managers read their own organisation's trail; B's owner reads B's, never A's.
      route: 'GET /api/activity',
      path: ({ a }) => `/api/activity?entityId=${a.eventId}`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200],
      shows: (a) => a.eventId,
    },
    // Owners and Managers read their own organisation's outgoing mail; B's owner reads B's, never A's.
    { route: 'GET /api/mail', path: () => '/api/mail', expect: [401, 403, 403, 403, 200, 200, 403, 403, 200, 200] },
    {
      route: 'POST /api/team/invitations',
      path: () => '/api/team/invitations',
      body: ({ caller }) => ({ email: `invited-by-${caller}-${kind}@example.com`, role: 'scheduler' }),
      expect: [401, 403, 403, 403, 201, 403, 403, 403, 201, 201],
    },
    // The invitation page: its link is all a visitor needs to see whom it invites to what.
    {
      route: 'GET /api/invitations/:token',
      path: ({ a }) => `/api/invitations/${a.invitationToken}`,
      expect: all(200),
      scope: 'public',
    },
    {
      // An invitation is accepted only by the account it was sent to; nobody here is that account.
      route: 'POST /api/invitations/:token/accept',
      path: ({ a }) => `/api/invitations/${a.invitationToken}/accept`,
      expect: [401, 403, 403, 403, 403, 403, 403, 403, 403, 403],
    },

    // ---------- setup wizard: each organisation's own run; A's waits at step 5 ----------
    // A's Manager runs before its Owner and does each remaining step, so the Owner finds it done.
    {
      route: 'GET /api/setup/progress',
      path: () => '/api/setup/progress',
      expect: [401, 403, 403, 403, 200, 200, 200, 200, 200, 200],
      shows: (a) => a.setupFacilityId,
    },
    {
      route: 'POST /api/setup/spaces',
      path: () => '/api/setup/spaces',
      body: () => ({ spaces: [{ name: 'Extra', type: 'court' }] }),
      expect: [401, 403, 403, 403, 409, 409, 403, 403, 409, 409],
    },
    {
      route: 'POST /api/setup/change-rooms',
      path: () => '/api/setup/change-rooms',
      body: () => ({ changeRooms: [{ name: 'Extra' }] }),
      expect: [401, 403, 403, 403, 409, 409, 403, 403, 409, 409],
    },
    {
      route: 'POST /api/setup/displays',
      path: () => '/api/setup/displays',
      body: () => ({ displays: [{ name: 'Extra' }] }),
      expect: [401, 403, 403, 403, 409, 409, 403, 403, 409, 409],
    },
    {
      route: 'POST /api/setup/display-rooms',
      path: () => '/api/setup/display-rooms',
      body: ({ a }) => ({ displays: [{ screenId: a.setupScreenIds[0], rooms: [{ roomId: a.setupSpaceIds[0] }] }] }),
      expect: [401, 403, 403, 403, 409, 201, 403, 403, 404, 404],
    },
    // A has just done step 5; B and the admin, refused above, skip it.
    {
      route: 'POST /api/setup/skip',
      path: () => '/api/setup/skip',
      body: () => ({ step: 5 }),
      expect: [401, 403, 403, 403, 409, 409, 403, 403, 200, 200],
    },
    {
      route: 'POST /api/setup/client',
      path: () => '/api/setup/client',
      body: () => ({ name: 'Wizard Club' }),
      expect: [401, 403, 403, 403, 409, 201, 403, 403, 201, 201],
    },
    {
      route: 'POST /api/setup/complete',
      path: () => '/api/setup/complete',
      body: () => ({}),
      expect: [401, 403, 403, 403, 409, 200, 403, 403, 200, 200],
    },
    // Once finished, a new run can start.
    {
      route: 'POST /api/setup/facility',
      path: () => '/api/setup/facility',
      body: () => ({ name: 'Second Arena' }),
      expect: [401, 403, 403, 403, 409, 201, 403, 403, 201, 201],
    },

    // ---------- destructive: last, each on resources made for it ----------
    {
      route: 'DELETE /api/facilities/:id',
      prepare: async () => ({ id: await makeA.facility() }),
      path: ({ fresh }) => `/api/facilities/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/rooms/:id',
      prepare: async () => ({ id: await makeA.room(a.facilityId) }),
      path: ({ fresh }) => `/api/rooms/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/closures/:id',
      prepare: async () => ({ id: await makeA.closure(a.facilityId, null, '2042-01-01') }),
      path: ({ fresh }) => `/api/closures/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/clients/:id',
      prepare: async () => {
        const clientId = await makeA.client()
        await makeA.contract(clientId)
        return { id: clientId }
      },
      path: ({ fresh }) => `/api/clients/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/contracts/:id',
      prepare: async () => ({ id: await makeA.contract(a.clientId) }),
      path: ({ fresh }) => `/api/contracts/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/events/:id',
      // A day of its own for each caller's event, far from the seeded ones.
      prepare: async () => ({
        id: await makeA.event(a.rinkId, a.clientId, { date: `2035-03-${String((deletedEvents += 1)).padStart(2, '0')}` }),
      }),
      path: ({ fresh }) => `/api/events/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 204, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/screens/:id/logo',
      prepare: async () => {
        const screen = await makeA.screen(a.rinkId)
        await makeA.logo(screen.id)
        return { id: screen.id }
      },
      path: ({ fresh }) => `/api/screens/${fresh.id}/logo`,
      expect: [401, 403, 403, 403, 200, 200, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/screens/:id',
      prepare: async () => ({ id: (await makeA.screen(a.rinkId)).id }),
      path: ({ fresh }) => `/api/screens/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'POST /api/auth/admin/remove-user',
      prepare: async () => ({ id: (await t.signUp()).id }),
      path: () => '/api/auth/admin/remove-user',
      body: ({ fresh }) => ({ userId: fresh.id }),
      expect: all(404),
      scope: 'admin',
      isDestructive: true,
    },
    {
      // Withdrawing a contact's invitation: those who manage the venue, in their own organisation.
      route: 'DELETE /api/clients/:id/portal-invitations/:invitationId',
      prepare: async () => ({ id: (await portalInvitationOfA(a.clientId, `withdrawn-contact-${randomUUID()}@example.com`)).id }),
      path: ({ a, fresh }) => `/api/clients/${a.clientId}/portal-invitations/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/clients/:id/renters/:userId',
      prepare: async () => ({ id: (await t.addRenter(a.organisationId, a.clientId)).id }),
      path: ({ a, fresh }) => `/api/clients/${a.clientId}/renters/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 204, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      // Each signed-in caller accepts a link to its own email for a client of its own (a pending
      // account signs in with the link instead); the access goes again with the client after.
      route: 'POST /api/portal-invitations/:token/accept',
      prepare: async () => {
        const clientId = await makeA.client()
        const fresh: Record<string, string> = { clientId }
        for (const [caller, user] of Object.entries(callers)) fresh[caller] = (await portalInvitationOfA(clientId, user.email)).token
        fresh.anonymous = (await portalInvitationOfA(clientId, `nobody-${randomUUID()}@example.com`)).token
        return fresh
      },
      path: ({ caller, fresh }) => `/api/portal-invitations/${fresh[caller]}/accept`,
      expect: [401, 403, 200, 200, 200, 200, 200, 200, 200, 200],
      isDestructive: true,
      verify: async ({ fresh }) => {
        const removed = await t.request(`/api/clients/${fresh.clientId}`, { method: 'DELETE', cookie: owner.cookie })
        return removed.status === 204 ? [] : [`the client made for it stayed: ${removed.status}`]
      },
    },
    {
      route: 'POST /api/auth/sign-out',
      path: () => '/api/auth/sign-out',
      body: () => ({}),
      usesFreshSession: true,
      expect: all(200),
      isDestructive: true,
      verify: async ({ cookie }) => (cookie && (await isSignedIn(cookie)) ? ['the session survived signing out'] : []),
    },
    {
      // ASVS V7.2.4: whoever signs in gets a new session, and the one the browser had ends.
      route: 'POST /api/auth/sign-in/email',
      path: () => '/api/auth/sign-in/email',
      body: () => ({ email: switcher.email, password: PASSWORD }),
      usesFreshSession: true,
      expect: all(200),
      isDestructive: true,
      verify: async ({ cookie }) => (cookie && (await isSignedIn(cookie)) ? ['the previous session survived a sign-in'] : []),
    },
    {
      // A new account for an invitation's email; each caller uses a link of its own.
      route: 'POST /api/invitations/:token/sign-up',
      prepare: async () => ({ token: await inviteToA(`joiner-${randomUUID()}@example.com`) }),
      path: ({ fresh }) => `/api/invitations/${fresh.token}/sign-up`,
      body: () => ({ fullName: 'New Joiner', password: PASSWORD }),
      expect: all(201),
      isDestructive: true,
    },
    {
      // Withdrawing: roles that may invite, in their own organisation; another's invitation is a 404.
      route: 'DELETE /api/team/invitations/:id',
      prepare: async () => ({ id: await invitationIdInA(`withdrawn-${randomUUID()}@example.com`) }),
      path: ({ fresh }) => `/api/team/invitations/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 403, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      route: 'DELETE /api/team/members/:id',
      prepare: async () => {
        const joiner = await t.createOperator(admin)
        await joinA(joiner, 'front_desk')
        return { id: joiner.id }
      },
      path: ({ fresh }) => `/api/team/members/${fresh.id}`,
      expect: [401, 403, 403, 403, 204, 403, 403, 403, 404, 404],
      isDestructive: true,
    },
    {
      // A's team leaves; an Owner who is the last of their organisation cannot.
      route: 'POST /api/team/leave',
      path: () => '/api/team/leave',
      expect: [401, 403, 403, 403, 409, 204, 204, 204, 409, 409],
      isDestructive: true,
      verify: async ({ caller, cookie }) => {
        const me = (await (await t.request('/api/me', { cookie })).json()) as { user: { organisation: { id: string } | null } }
        return me.user.organisation?.id === a.organisationId ? [`${caller} still works in A after leaving it`] : []
      },
    },
    {
      // Last of all: each account deletes its current organisation, A's Owner deletes A.
      route: 'DELETE /api/organisation',
      path: () => '/api/organisation',
      expect: [401, 403, 403, 403, 204, 204, 204, 204, 204, 204],
      isDestructive: true,
    },
  ]

  beforeAll(async () => {
    // Signed in while approved, then set back to pending behind the session's back: only the
    // check on every request stands between it and the data.
    await setApproved(pending.id, false)
    targetId = (await t.signUp()).id

    const seeded = await seedOwnerData(t, owner, 'Owner-A')
    const organisationId = (
      (await (await t.request('/api/me', { cookie: owner.cookie })).json()) as { user: { organisation: { id: string } } }
    ).user.organisation.id
    for (const [member, role] of [
      [manager, 'manager'],
      [scheduler, 'scheduler'],
      [frontDesk, 'front_desk'],
      [teammate, 'front_desk'],
    ] as const) {
      await joinA(member, role)
    }
    a = { ...seeded, organisationId, teammateId: teammate.id, invitationToken: await inviteToA(`preview-${kind}@example.com`) }
    callers.renterX = await t.addRenter(organisationId, a.clientId)
    const [clientY] = await t.db.insert(clients).values({ organisationId, name: 'Matrix client Y' }).returning({ id: clients.id })
    callers.renterY = await t.addRenter(organisationId, clientY!.id)
    portalToken = (await portalInvitationOfA(a.clientId, `portal-preview-${kind}@example.com`)).token
    makeA = operatorResources(t, owner, 'Owner-A extra')
    requestableRoomId = await makeA.room(a.facilityId)
    await t.db.update(rooms).set({ acceptsRequests: true }).where(eq(rooms.id, requestableRoomId))
    await seedOwnerData(t, other, 'Operator-B')
    await seedOwnerData(t, admin, 'Admin')
    fingerprint = createFingerprinter(t.db, await listTables(t.db))
  }, 120_000)

  it('lists every route of the app, and only routes it has', () => {
    const routes = listAppRoutes(t.app as unknown as Hono<never>)
    const handled = new Set<string>()
    const unknownRows: string[] = []
    for (const row of rows) {
      const [method, path] = row.route.split(' ') as [string, string]
      const route = findHandlingRoute(routes, method, path)
      if (route) handled.add(routeKey(route))
      else unknownRows.push(row.route)
    }
    expect(
      routes.map(routeKey).filter((key) => !handled.has(key)),
      'routes the matrix does not list',
    ).toEqual([])
    expect(unknownRows, 'rows for routes the app does not have').toEqual([])
  })

  // One more caller: an account the admin revoked (its session of before in hand) that A's Owner
  // then invites. It is never approved again but by the admin (ADR 0042): every route that needs
  // an account answers it as it answers nobody, and the invitation neither signs it in nor up.
  it('answers a revoked account with an invitation as it answers nobody', async () => {
    const signedUp = await t.signUp({ fullName: 'Revoked With Invitation' })
    await t.request(`/api/admin/users/${signedUp.id}/approve`, { method: 'POST', cookie: admin.cookie })
    const oldCookie = await t.signIn(signedUp.email, signedUp.password)
    expect((await t.request(`/api/admin/users/${signedUp.id}/revoke`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    const token = await inviteToA(signedUp.email, 'owner')
    const failures: string[] = []
    for (const row of rows.filter((candidate) => candidate.expect[0] === 401 && !candidate.prepare)) {
      const context = { a, caller: 'anonymous' as const, user: null, targetId, fresh: {} }
      const { status, text } = await readAnswer(await send(t, row, context, oldCookie))
      if (status !== 401) failures.push(`${row.route} as a revoked account: ${status}: ${text.slice(0, 200)}`)
    }
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: signedUp.email, password: signedUp.password, invitationToken: token },
    })
    if (signIn.status !== 403) failures.push(`sign-in with the invitation: ${signIn.status}`)
    const signUp = await t.request(`/api/invitations/${token}/sign-up`, { method: 'POST', body: { fullName: 'Again', password: PASSWORD } })
    if (signUp.status !== 409) failures.push(`sign-up through the invitation: ${signUp.status}`)
    const accept = await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: oldCookie })
    if (accept.status !== 401) failures.push(`accepting with the old session: ${accept.status}`)
    const [row] = await t.db.select({ approved: users.approved }).from(users).where(eq(users.id, signedUp.id))
    if (row?.approved !== false) failures.push('the revoked account was approved')
    expect(failures).toEqual([])
  })

  // A caller of its own: a member of A whose timeline stream is open when the Owner removes them.
  // The stream closes (ADR 0043), and every read of A answers them as it answers B's Owner. It
  // runs before the matrix, whose last row deletes A.
  it('cuts a removed member with an open stream off from the stream and from every read of A', async () => {
    const removed = await t.addMember(admin, a.organisationId, 'scheduler')
    const stream = await t.request(`/api/facilities/${a.facilityId}/timeline/changes`, { cookie: removed.cookie })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: ready')
    expect((await t.request(`/api/team/members/${removed.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
    // Generous: the stream asks again every 2 s, on shared cores.
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return true
      })(),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ])
    await reader.cancel().catch(() => {})
    expect(ended, 'the open stream was still running 10 s after the removal').toBe(true)

    const secrets = [owner.id, owner.email, 'Owner-A', ...Object.values(a).flat()]
    const failures: string[] = []
    for (const row of rows.filter((candidate) => candidate.route.startsWith('GET ') && (candidate.scope ?? 'owned') === 'owned')) {
      const fresh = row.prepare ? await row.prepare() : {}
      const context = { a, caller: 'other' as const, user: removed, targetId, fresh }
      const { status, text } = await readAnswer(await send(t, row, context, removed.cookie))
      const expected = row.expect[COLUMNS.indexOf('other')]
      if (status !== expected) failures.push(`${row.route}: ${status}, expected ${expected}: ${text.slice(0, 200)}`)
      const leaked = status < 300 ? secrets.filter((secret) => text.includes(secret)) : []
      if (leaked.length > 0) failures.push(`${row.route}: leaked ${leaked.join(', ')}`)
    }
    expect(failures).toEqual([])
  }, 60_000)

  it('answers every route × caller pair as the matrix says, and leaks nothing of A', async () => {
    const secrets = [owner.id, owner.email, 'Owner-A', ...Object.values(a).flat()]
    const failures: string[] = []
    let pairs = 0

    const ordered = [...rows.filter((row) => !row.isDestructive), ...rows.filter((row) => row.isDestructive)]
    for (const row of ordered) {
      const answers = new Map<Caller, { status: number; text: string }>()
      for (const caller of RUN_ORDER) {
        // Each caller gets resources of its own: a member allowed to delete must not leave the Owner a 404.
        const fresh = row.prepare ? await row.prepare() : {}
        pairs += 1
        const user = caller === 'anonymous' ? null : callers[caller]
        const cookie = row.usesFreshSession ? await freshSession(caller) : user?.cookie
        const context = { a, caller, user, targetId, fresh }
        const before = await fingerprint()
        const response = await send(t, row, context, cookie)
        const { status, contentType, text } = await readAnswer(response)
        answers.set(caller, { status, text })
        const expected = row.expect[COLUMNS.indexOf(caller)]
        const where = `${row.route} as ${caller}`

        if (status !== expected) failures.push(`${where}: ${status}, expected ${expected}: ${text.slice(0, 200)}`)
        if (!isExpectedContentType(status, contentType, row.route)) failures.push(`${where}: answered ${contentType}`)
        if (status >= 400) {
          failures.push(
            ...checkErrorBody(where, status, text, {
              isPendingOnAppRoute: UNAPPROVED.includes(caller) && !row.route.includes('/api/auth/') && !isPortalRoute(row.route),
            }),
          )
          const changed = changedTables(before, await fingerprint())
          if (changed.length > 0) failures.push(`${where}: refused with ${status} but changed ${changed.join(', ')}`)
        }
        if (status < 300 && caller === 'owner' && row.shows && !text.includes(row.shows(a))) {
          failures.push(`${where}: does not show ${row.shows(a)}`)
        }
        const isOwned =
          (row.scope ?? 'owned') === 'owned' ||
          (row.scope === 'client' && caller !== 'renterX') ||
          (row.scope === 'renters' && caller !== 'renterX' && caller !== 'renterY')
        if (status < 300 && !MEMBERS_OF_A.includes(caller) && isOwned) {
          const leaked = secrets.filter((secret) => text.includes(secret))
          if (leaked.length > 0) failures.push(`${where}: leaked ${leaked.join(', ')}`)
        }
        if (row.verify && status < 300) {
          const problems = await row.verify({ ...context, cookie, response: text })
          failures.push(...problems.map((problem) => `${where}: ${problem}`))
        }
      }
      if (row.scope === 'public') {
        const distinct = new Set([...answers.values()].map(({ status, text }) => `${status} ${text}`))
        if (distinct.size > 1) failures.push(`${row.route}: answers differ between callers`)
      }
    }

    console.log(`authorization matrix on ${kind}: ${pairs} route × caller pairs (${rows.length} rows × ${RUN_ORDER.length} callers)`)
    expect(failures).toEqual([])
  }, 180_000)
})

async function send(t: TestApp, row: Row, context: Context, cookie: string | undefined): Promise<Response> {
  const method = row.route.split(' ')[0]!
  const path = row.path(context)
  if (row.isUpload) {
    const form = new FormData()
    form.append('logo', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png')
    return t.request(path, { method, cookie, body: form })
  }
  return t.request(path, { method: method === 'ALL' ? 'GET' : method, cookie, body: row.body?.(context) })
}

// A board's change stream never ends by itself: read its first event, then hang up.
async function readAnswer(response: Response) {
  const contentType = response.headers.get('content-type') ?? ''
  let text: string
  if (contentType.startsWith('text/event-stream')) {
    const reader = response.body!.getReader()
    text = new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
  } else if (contentType.startsWith('image/')) {
    text = Buffer.from(await response.arrayBuffer()).toString('base64')
  } else {
    text = await response.text()
  }
  return { status: response.status, contentType, text }
}

// The API speaks JSON; only a logo is an image and only a board's change stream is an event stream.
// A mail provider's one-click unsubscribe (RFC 8058) is answered in plain text.
function isExpectedContentType(status: number, contentType: string, route: string): boolean {
  if (status === 204 || status === 304) return true
  if (route === 'POST /unsubscribe/:token' && contentType.startsWith('text/plain')) return true
  const isCsvRoute = /^GET \/api\/(billing\/receivables|exports\/\w+|clients\/:id\/statement)\.csv$/.test(route)
  if (isCsvRoute && contentType.startsWith('text/csv')) return true
  if (route === 'GET /api/invoices/:id/pdf' && contentType.startsWith('application/pdf')) return true
  return /^(application\/json|image\/(png|jpeg|gif|webp)|text\/event-stream|text\/calendar)/.test(contentType)
}

function checkErrorBody(where: string, status: number, text: string, { isPendingOnAppRoute }: { isPendingOnAppRoute: boolean }): string[] {
  let error: { code?: string; message?: string } | undefined
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error
  } catch {
    return [`${where}: the error body is not JSON`]
  }
  const problems: string[] = []
  if (!error?.message) problems.push(`${where}: no error message`)
  const expectedCode =
    status === 401 ? 'UNAUTHENTICATED' : status === 404 ? 'NOT_FOUND' : status === 403 && isPendingOnAppRoute ? 'NOT_APPROVED' : null
  if (expectedCode && error?.code !== expectedCode) problems.push(`${where}: code ${error?.code}, expected ${expectedCode}`)
  return problems
}
