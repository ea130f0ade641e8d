import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AuthPage } from './features/auth/auth-page'
import { PendingAuthProvider } from './features/auth/auth-provider'

/**
 * The sign-in page as HTML, rendered by the build (vite.config.ts). The server puts it in the
 * page's root, inert, so a phone on a slow network paints the form with the first bytes and
 * the stylesheet instead of after the app's code has loaded and run (Lighthouse: docs/benchmarks.md).
 * React replaces it with the same form on its first render.
 */
export function renderPrerenderedPages(): Record<string, string> {
  return {
    auth: renderToStaticMarkup(
      <StaticRouter location="/auth">
        <PendingAuthProvider>
          <AuthPage />
        </PendingAuthProvider>
      </StaticRouter>,
    ),
  }
}
