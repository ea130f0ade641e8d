import { Hono } from 'hono'
import { authRoutes } from './auth/routes'
import { loadSession, requireApprovedUser, requireMember } from './auth/middleware'
import { limitBodySize } from './http/body-limits'
import type { AppDeps, AppEnv, MemberEnv, SignedInEnv } from './http/context'
import { handleError } from './http/error-handler'
import { requestLog } from './http/request-log'
import { refuseCrossOrigin } from './http/same-origin'
import { securityHeaders } from './http/security-headers'
import { mountWebAssets } from './http/web-assets'
import { accountRoutes } from './modules/account/routes'
import { adminRoutes } from './modules/admin/routes'
import { availabilityRoutes } from './modules/availability/routes'
import { activityRoutes } from './modules/activity/routes'
import { clientRoutes } from './modules/clients/routes'
import { contractRoutes } from './modules/contracts/routes'
import { closureRoutes } from './modules/closures/routes'
import { eventRoutes } from './modules/events/routes'
import { exportRoutes } from './modules/exports/routes'
import { reportRoutes } from './modules/reports/routes'
import { bookingIdsOf } from './booking'
import { invoiceRoutes } from './modules/billing/invoices/routes'
import { priceRoutes } from './modules/billing/prices/routes'
import { facilityRoutes } from './modules/facilities/routes'
import { feedRoutes, publicFeedRoutes } from './modules/feeds/routes'
import { paymentRoutes } from './modules/billing/payments/routes'
import { marketingRoutes, oneClickUnsubscribeRoutes, unsubscribeRoutes } from './modules/marketing/routes'
import { adminMailRoutes, mailRoutes } from './mail'
import { publicDisplayRoutes } from './modules/public-display/routes'
import { screenRoutes } from './modules/screens/routes'
import { setupRoutes } from './modules/setup/routes'
import { timelineRoutes } from './modules/timeline/routes'
import { invitationRoutes, teamRoutes } from './modules/team/routes'
import { portalRequestRoutes, requestRoutes, testClockRoutes } from './modules/renting/requests/routes'
import { createRequestClock, type RequestClock } from './modules/renting/requests/sweeper'
import { portalAccessRoutes, portalInvitationRoutes, portalRoutes } from './modules/portal/routes'
import { releaseRoutes, waitlistPortalRoutes } from './modules/renting/waitlist/routes'

export type CreateAppOptions = AppDeps & {
  // The built web app (dist/web). Tests of the API leave it out.
  webRoot?: string | null
  // The clock requests expire by, shared with the instance's sweeper (main.ts); its own otherwise.
  requestClock?: RequestClock
}

export function createApp(options: CreateAppOptions) {
  const { database, auth, env, webRoot } = options
  const requestClock = options.requestClock ?? createRequestClock()
  const app = new Hono<AppEnv>()

  app.use('*', securityHeaders({ isHttps: env.baseUrl?.startsWith('https://') ?? false }))
  if (env.logRequests) app.use('*', requestLog)

  // Liveness: the process answers, whatever the database does. Also the bench's ceiling.
  app.get('/livez', (c) => c.json({ status: 'ok' }))

  // Readiness: the database takes a write too; one that only answers reads cannot serve the app.
  app.get('/healthz', async (c) => {
    try {
      await database.checkReady()
      return c.json({ status: 'ok', database: database.kind })
    } catch {
      return c.json({ status: 'unavailable', database: database.kind }, 503)
    }
  })

  app.use('/api/*', limitBodySize)
  app.use('/api/*', refuseCrossOrigin(env.trustedOrigins))
  app.route('/api/auth', authRoutes(options))
  app.route('/api/public', publicDisplayRoutes(options))
  // The unsubscribe page's: anyone holding a client's link (docs/product.md#email).
  app.route('/api', unsubscribeRoutes(options))
  app.use('/api/*', loadSession(auth, database.db))
  app.route('/api', accountRoutes(options))
  // Released ice and the waitlist, for renters (ADR 0065): each route has the renter's guard of its
  // own, and they come before any router whose approval gate would answer every path after it.
  app.route('/api', waitlistPortalRoutes({ ...options, requestClock }))
  // The invitation page's: visitors preview and sign up, signed-in accounts accept.
  app.route('/api', invitationRoutes(options))
  // The renters' portal: accounts that speak for clients, approved by no administrator (auth/renter.ts).
  app.route('/api', portalRequestRoutes({ ...options, requestClock }))
  // The renters' portal (ADR 0063): its invitation links, and its reads for accounts that speak for
  // a client, which are not members and never pass the approval gate below.
  app.route('/api', portalInvitationRoutes(options))
  app.route('/api', portalRoutes(options))

  // Everything below needs a signed-in, approved account.
  const signedIn = new Hono<SignedInEnv>()
  signedIn.use('*', requireApprovedUser)
  signedIn.route('/admin', adminRoutes(options))
  signedIn.route('/admin', adminMailRoutes(options))
  if (env.testClock) signedIn.route('/test', testClockRoutes({ ...options, requestClock }))
  // An organisation's data: the caller works in their current organisation, in their role there.
  // Each module owns its paths below /api (/facilities, /rooms/:id, ...).
  const member = new Hono<MemberEnv>()
  member.use('*', requireMember(database.db))
  member.route('/', facilityRoutes(options))
  member.route('/', clientRoutes(options))
  member.route('/', contractRoutes(options))
  member.route('/', eventRoutes(options))
  member.route('/', closureRoutes(options))
  member.route('/', screenRoutes(options))
  member.route('/', marketingRoutes(options))
  member.route('/', availabilityRoutes(options))
  member.route('/', setupRoutes(options))
  member.route('/', teamRoutes(options))
  member.route('/', activityRoutes(options, { bookingIdsOf }))
  member.route('/', timelineRoutes(options))
  member.route('/', mailRoutes(options))
  member.route('/', feedRoutes(options))
  member.route('/', paymentRoutes(options))
  member.route('/', priceRoutes(options))
  member.route('/', invoiceRoutes(options))
  member.route('/', requestRoutes({ ...options, requestClock }))
  member.route('/', releaseRoutes(options))
  member.route('/', portalAccessRoutes(options))
  member.route('/', exportRoutes(options))
  member.route('/', reportRoutes(options))
  signedIn.route('/', member)
  app.route('/api', signedIn)

  app.all('/api/*', (c) => c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404))
  // Calendar feeds: a secret address each, no session (docs/product.md#calendar-feeds).
  app.route('/feeds', publicFeedRoutes(options))
  // RFC 8058 one-click unsubscribe from mail providers: a POST only, before the web app's pages
  // (GET /unsubscribe/:token is the web's page, which asks before it unsubscribes).
  app.route('/unsubscribe', oneClickUnsubscribeRoutes(options))
  if (webRoot) mountWebAssets(app as unknown as Hono<never>, webRoot)

  app.onError(handleError)
  return app
}
