import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'

// Serves the built SPA: hashed assets are cached forever, the HTML pages never.
export function mountWebAssets(app: Hono<never>, webRoot: string): void {
  const appHtml = readFileSync(join(webRoot, 'index.html'), 'utf8')
  const displayHtmlPath = join(webRoot, 'display.html')
  const displayHtml = existsSync(displayHtmlPath) ? readFileSync(displayHtmlPath, 'utf8') : appHtml

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
    return c.html(c.req.path.startsWith('/display/') ? displayHtml : appHtml)
  })
}
