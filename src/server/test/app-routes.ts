import type { Hono } from 'hono'
import { inspectRoutes } from 'hono/dev'
import { TrieRouter } from 'hono/router/trie-router'

export type AppRoute = { method: string; path: string }

export const routeKey = ({ method, path }: AppRoute) => `${method} ${path}`

/**
 * Every route that answers requests, read from the Hono app itself. Hono records each handler
 * and each middleware of a route as an entry: `use()` gives method ALL with a (c, next) handler,
 * which is left out; a route's own validators carry its method, so they only repeat its key.
 */
export function listAppRoutes(app: Hono<never>): AppRoute[] {
  const routes = new Map<string, AppRoute>()
  for (const { method, path, isMiddleware } of inspectRoutes(app)) {
    if (method === 'ALL' && isMiddleware) continue
    routes.set(routeKey({ method, path }), { method, path })
  }
  return [...routes.values()]
}

/** The route that answers a request: its own exact route, or else the most specific catch-all. */
export function findHandlingRoute(routes: AppRoute[], method: string, path: string): AppRoute | null {
  const exact = routes.find((route) => route.method === method && route.path === path)
  if (exact) return exact
  const catchAlls = routes.filter(
    (route) => (route.method === method || route.method === 'ALL') && route.path.endsWith('/*') && path.startsWith(route.path.slice(0, -1)),
  )
  return catchAlls.sort((left, right) => right.path.length - left.path.length)[0] ?? null
}

/**
 * Finds the route that answers a request for a real path ('/api/clients/3f2b…', no query): of
 * the routes whose pattern matches, the first the app registered, which is the one Hono runs.
 */
export function createRouteFinder(routes: AppRoute[]): (method: string, path: string) => AppRoute | null {
  const router = new TrieRouter<AppRoute>()
  for (const route of routes) router.add(route.method, route.path, route)
  return (method, path) => router.match(method, path)[0][0]?.[0] ?? null
}
