import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }
type Manifest = Record<string, ManifestChunk>

// The lazy screens a first visit to a path renders (src/web/router.tsx), by their build manifest
// keys. Without a hint the browser learns of them only after the app's entry has run: a second
// round trip before the page can paint, which a phone on a slow network feels (Lighthouse: docs/benchmarks.md).
const SIGNED_IN = 'components/signed-in-shell.tsx'
// Every page but the landing page mounts the toaster (ADR 0052), so its chunk is preloaded too.
const TOASTER = 'components/ui/sonner.tsx'
// The renters' portal has its own layout (docs/product.md#renters).
const PORTAL = 'features/portal/portal-layout.tsx'
export const ROUTE_SCREENS: Array<[RegExp, string[]]> = [
  [/^\/auth\/?$/, [TOASTER, 'features/auth/auth-page.tsx']],
  [/^\/reset-password\/[^/]+\/?$/, [TOASTER, 'features/auth/reset-password-page.tsx']],
  [/^\/setup\/?$/, [TOASTER, 'features/setup/setup-page.tsx']],
  [/^\/(facilities|dashboard)\/?$/, [SIGNED_IN, TOASTER, 'features/facilities/facilities-page.tsx']],
  [/^\/facility\/[^/]+\/?$/, [SIGNED_IN, TOASTER, 'features/facilities/facility-page.tsx']],
  [/^\/facility\/[^/]+\/room\/[^/]+\/?$/, [SIGNED_IN, TOASTER, 'features/facilities/room-page.tsx']],
  [/^\/events\/?$/, [SIGNED_IN, TOASTER, 'features/events/events-page.tsx']],
  [/^\/(displays|screens)\/?$/, [SIGNED_IN, TOASTER, 'features/displays/displays-page.tsx']],
  [/^\/clients\/?$/, [SIGNED_IN, TOASTER, 'features/clients/clients-page.tsx']],
  [/^\/clients\/[^/]+\/?$/, [SIGNED_IN, TOASTER, 'features/clients/client-page.tsx']],
  [/^\/clients\/[^/]+\/statement\/?$/, [TOASTER, 'features/reports/statement-page.tsx']],
  [/^\/contracts\/?$/, [SIGNED_IN, TOASTER, 'features/contracts/contracts-page.tsx']],
  [/^\/marketing\/?$/, [SIGNED_IN, TOASTER, 'features/marketing/marketing-page.tsx']],
  [/^\/find-ice\/?$/, [SIGNED_IN, TOASTER, 'features/find-ice/find-ice-page.tsx']],
  [/^\/requests\/?$/, [SIGNED_IN, TOASTER, 'features/requests/requests-page.tsx']],
  [/^\/admin\/?$/, [SIGNED_IN, TOASTER, 'features/admin/admin-page.tsx']],
  [/^\/team\/?$/, [SIGNED_IN, TOASTER, 'features/team/team-page.tsx']],
  [/^\/activity\/?$/, [SIGNED_IN, TOASTER, 'features/activity/activity-page.tsx']],
  [/^\/invite\/[^/]+\/?$/, [TOASTER, 'features/team/invite-page.tsx']],
  [/^\/unsubscribe\/[^/]+\/?$/, [TOASTER, 'features/mail/unsubscribe-page.tsx']],
  [/^\/mail\/?$/, [SIGNED_IN, TOASTER, 'features/mail/mail-page.tsx']],
  [/^\/admin\/mail\/?$/, [SIGNED_IN, TOASTER, 'features/mail/admin-mail-page.tsx']],
  [/^\/invoices\/?$/, [SIGNED_IN, TOASTER, 'features/billing/invoices-page.tsx']],
  [/^\/invoices\/[^/]+\/?$/, [SIGNED_IN, TOASTER, 'features/billing/invoice-page.tsx']],
  [/^\/invoices\/[^/]+\/print\/?$/, [TOASTER, 'features/billing/invoice-print-page.tsx']],
  [/^\/billing\/receivables\/?$/, [SIGNED_IN, TOASTER, 'features/billing/receivables-page.tsx']],
  [/^\/billing\/settings\/?$/, [SIGNED_IN, TOASTER, 'features/billing/billing-settings-page.tsx']],
  [/^\/reports\/?$/, [SIGNED_IN, TOASTER, 'features/reports/reports-page.tsx']],
  [/^\/portal\/?$/, [PORTAL, TOASTER, 'features/portal/bookings-page.tsx']],
  [/^\/portal\/hours\/?$/, [PORTAL, TOASTER, 'features/portal/hours-page.tsx']],
  [/^\/portal\/invoices\/?$/, [PORTAL, TOASTER, 'features/portal/invoices-page.tsx']],
  [/^\/portal\/invoices\/[^/]+\/?$/, [TOASTER, 'features/portal/invoice-page.tsx']],
  [/^\/portal\/requests\/?$/, [PORTAL, TOASTER, 'features/portal/request-page.tsx']],
  [/^\/portal\/waitlist\/?$/, [PORTAL, TOASTER, 'features/portal/waitlist-page.tsx']],
  [/^\/portal\/offers\/[^/]+\/?$/, [PORTAL, TOASTER, 'features/portal/offer-page.tsx']],
]

// Pages the build rendered to HTML (src/web/prerender.tsx), by path and file in prerendered/.
export const PRERENDERED_PAGES: Array<[RegExp, string]> = [[/^\/auth\/?$/, 'auth']]

/**
 * The app's HTML for each path: the built index.html, plus modulepreload links for the screen
 * that path renders and the chunks it imports, minus those the entry already loads. A page the
 * build rendered goes inside the root, inert (not yet usable, so nothing typed into it is lost),
 * until React's first render replaces it.
 */
export function createAppHtml(webRoot: string): (path: string) => string {
  const index = readFileSync(join(webRoot, 'index.html'), 'utf8')
  const preloads = preloadLinks(webRoot)
  const rendered = PRERENDERED_PAGES.map(([pattern, name]) => {
    const file = join(webRoot, 'prerendered', `${name}.html`)
    return [pattern, existsSync(file) ? readFileSync(file, 'utf8') : null] as const
  })
  // One page per combination, built on first use; the files do not change while the server runs.
  const pages = new Map<string, string>()
  return (path) => {
    const links = preloads.findIndex(([pattern]) => pattern.test(path))
    const body = rendered.findIndex(([pattern, html]) => html !== null && pattern.test(path))
    const key = `${links}|${body}`
    let page = pages.get(key)
    if (page === undefined) {
      page = index
      if (body >= 0) page = page.replace('<div id="root"></div>', `<div id="root"><div inert>${rendered[body]![1]}</div></div>`)
      // A page already in the HTML paints without its screen's code, which then need not
      // compete with the app's entry for the first bytes: it still loads at once, just after.
      const preload =
        body >= 0 ? preloads[links]?.[1].map((link) => link.replace('<link ', '<link fetchpriority="low" ')) : preloads[links]?.[1]
      if (preload) page = page.replace('</head>', `  ${preload.join('\n    ')}\n  </head>`)
      pages.set(key, page)
    }
    return page
  }
}

// Per path pattern of ROUTE_SCREENS, the modulepreload links its screens need.
function preloadLinks(webRoot: string): Array<[RegExp, string[]]> {
  const manifestPath = join(webRoot, '.vite/manifest.json')
  if (!existsSync(manifestPath)) return []
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) closure(imported, seen)
    return seen
  }
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry && key.endsWith('index.html'))
  const loadedByEntry = new Set(entryKeys.flatMap((key) => [...closure(key)]))
  return ROUTE_SCREENS.flatMap(([pattern, screens]): Array<[RegExp, string[]]> => {
    const keys = new Set(screens.flatMap((screen) => [...closure(screen)]))
    const links = [...keys]
      .filter((key) => !loadedByEntry.has(key) && manifest[key]!.file.endsWith('.js'))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
    return links.length > 0 ? [[pattern, links]] : []
  })
}

// Serves the built SPA: hashed assets are cached forever, the HTML pages never.
export function mountWebAssets(app: Hono<never>, webRoot: string): void {
  const appHtml = createAppHtml(webRoot)
  const displayHtmlPath = join(webRoot, 'display.html')
  const displayHtml = existsSync(displayHtmlPath) ? readFileSync(displayHtmlPath, 'utf8') : appHtml('/')

  app.use(
    '/assets/*',
    serveStatic({
      root: webRoot,
      // The build writes .br and .gz beside each asset (vite.config.ts).
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  // A missing asset is a 404, never the app's HTML under a .js name.
  app.all('/assets/*', (c) => c.text('Not found', 404))
  app.use('/favicon.svg', serveStatic({ root: webRoot }))

  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    // The lobby board is its own small page so that it never loads the app's code.
    return c.html(c.req.path.startsWith('/display/') ? displayHtml : appHtml(c.req.path))
  })
}
