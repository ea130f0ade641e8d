import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRouteFinder, listAppRoutes, routeKey } from './app-routes'
import { ROUTE_RESPONSES, UNCHECKED_ROUTES } from './response-schemas'
import { createTestApp, type TestApp } from './test-app'

// The list of routes does not depend on the database, so PGlite alone answers it.
describe('response schemas', () => {
  let t: TestApp
  let appRoutes: string[]

  beforeAll(async () => {
    // With the test clock's route, which exists only where TEST_CLOCK is set (never in production).
    t = await createTestApp('pglite', { TEST_CLOCK: 'true' })
    appRoutes = listAppRoutes(t.app as unknown as Hono<never>).map(routeKey)
  })

  afterAll(async () => {
    await t?.close()
  })

  it('has a schema, or a reason for none, for every route of the app', () => {
    const missing = appRoutes.filter((route) => !(route in ROUTE_RESPONSES) && !(route in UNCHECKED_ROUTES))
    expect(missing, 'routes with neither an entry in ROUTE_RESPONSES nor one in UNCHECKED_ROUTES').toEqual([])
  })

  it('names only routes the app has, each in one list', () => {
    const listed = [...Object.keys(ROUTE_RESPONSES), ...Object.keys(UNCHECKED_ROUTES)]
    expect(
      listed.filter((route) => !appRoutes.includes(route)),
      'entries for routes the app does not have',
    ).toEqual([])
    expect(Object.keys(ROUTE_RESPONSES).filter((route) => route in UNCHECKED_ROUTES)).toEqual([])
  })
  it('finds the route that answers a real path, as Hono picks it', () => {
    const find = createRouteFinder(listAppRoutes(t.app as unknown as Hono<never>))
    const keyOf = (method: string, path: string) => {
      const route = find(method, path)
      return route && routeKey(route)
    }
    const id = '6f1c7a5e-2b8d-4c1e-9a3f-0d2e4b6c8a10'
    expect(keyOf('GET', '/api/facilities/count')).toBe('GET /api/facilities/count')
    expect(keyOf('GET', `/api/facilities/${id}`)).toBe('GET /api/facilities/:id')
    expect(keyOf('GET', `/api/facilities/${id}/change-rooms`)).toBe('GET /api/facilities/:id/change-rooms')
    expect(keyOf('GET', '/api/public/displays/main-rink/changes')).toBe('GET /api/public/displays/:slug/changes')
    expect(keyOf('GET', '/api/auth/get-session')).toBe('ALL /api/auth/*')
    expect(keyOf('PATCH', `/api/clients/${id}`)).toBe('ALL /api/*')
    expect(keyOf('GET', '/favicon.ico')).toBeNull()
  })
})
