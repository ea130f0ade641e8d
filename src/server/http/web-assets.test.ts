import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAppHtml, ROUTE_SCREENS } from './web-assets'

const INDEX = '<html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>'

function fakeBuild() {
  const webRoot = mkdtempSync(join(tmpdir(), 'fieldhouse-web-'))
  mkdirSync(join(webRoot, '.vite'))
  writeFileSync(join(webRoot, 'index.html'), INDEX)
  writeFileSync(
    join(webRoot, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app.js', isEntry: true, imports: ['_button.js'] },
      '_button.js': { file: 'assets/button.js' },
      '_form.js': { file: 'assets/form.js', imports: ['_button.js'] },
      'features/auth/auth-page.tsx': { file: 'assets/auth-page.js', isDynamicEntry: true, imports: ['_form.js', '_button.js'] },
    }),
  )
  return webRoot
}

describe('the app HTML', () => {
  it('preloads the screen a path renders and its imports, not what the entry already loads', () => {
    const html = createAppHtml(fakeBuild())
    const auth = html('/auth')
    expect(auth).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-page.js">')
    expect(auth).toContain('<link rel="modulepreload" crossorigin href="/assets/form.js">')
    expect(auth).not.toContain('href="/assets/button.js"')
    expect(html('/')).toBe(INDEX)
    expect(html('/no-such-page')).toBe(INDEX)
  })

  it('is the plain index.html when the build has no manifest', () => {
    const webRoot = fakeBuild()
    writeFileSync(join(webRoot, '.vite/manifest.json'), '{}')
    expect(createAppHtml(webRoot)('/auth')).toBe(INDEX)
  })

  it('puts a page the build rendered inside the root, inert, on its own path only', () => {
    const webRoot = fakeBuild()
    writeFileSync(join(webRoot, 'index.html'), INDEX.replace('<body></body>', '<body><div id="root"></div></body>'))
    mkdirSync(join(webRoot, 'prerendered'))
    writeFileSync(join(webRoot, 'prerendered/auth.html'), '<main><h1>Welcome Back</h1></main>')
    const html = createAppHtml(webRoot)
    expect(html('/auth')).toContain('<div id="root"><div inert><main><h1>Welcome Back</h1></main></div></div>')
    expect(html('/auth')).toContain('href="/assets/auth-page.js"')
    expect(html('/')).toContain('<div id="root"></div>')
    expect(html('/setup')).not.toContain('Welcome Back')
  })

  it('knows every lazy screen of the router', () => {
    const router = readFileSync('src/web/router.tsx', 'utf8')
    const lazyScreens = [...router.matchAll(/import\('\.\/([^']+)'\)/g)].map((match) => `${match[1]}.tsx`)
    const preloaded = new Set(ROUTE_SCREENS.flatMap(([, screens]) => screens))
    expect(lazyScreens.length).toBeGreaterThan(10)
    for (const screen of lazyScreens) expect(preloaded, screen).toContain(screen)
    for (const screen of preloaded) expect(existsSync(join('src/web', screen)), screen).toBe(true)
  })
})
