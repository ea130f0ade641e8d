import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { createServer, defineConfig, type Plugin } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const webSources = fromRoot('./src/web/')

// A step after the build has written its files, given the folder it wrote them to.
function afterBuild(name: string, step: (outDir: string) => void | Promise<void>): Plugin {
  let outDir = ''
  return {
    name,
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: () => step(outDir),
  }
}

// Compressed once at build time, at the highest levels, instead of on every request: the
// server sends the .br or .gz beside each asset to browsers that accept it.
const precompressAssets = afterBuild('fieldhouse-precompress', (outDir) => {
  const assets = join(outDir, 'assets')
  for (const name of readdirSync(assets)) {
    if (!/\.(js|css|svg)$/.test(name)) continue
    const content = readFileSync(join(assets, name))
    writeFileSync(join(assets, `${name}.gz`), gzipSync(content, { level: 9 }))
    writeFileSync(join(assets, `${name}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  }
})

// Renders the public pages of src/web/prerender.tsx to HTML files beside the build, through a
// short-lived Vite server so that the components resolve exactly as in the app.
const prerenderPages = afterBuild('fieldhouse-prerender', async (outDir) => {
  const server = await createServer({
    configFile: fromRoot('./vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  })
  try {
    const { renderPrerenderedPages } = (await server.ssrLoadModule('/prerender.tsx')) as {
      renderPrerenderedPages: () => Record<string, string>
    }
    mkdirSync(join(outDir, 'prerendered'), { recursive: true })
    for (const [name, html] of Object.entries(renderPrerenderedPages())) writeFileSync(join(outDir, 'prerendered', `${name}.html`), html)
  } finally {
    await server.close()
  }
})

// Two pages: the app, and the lobby board, which must stay tiny and never load app code.
export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss(), precompressAssets, prerenderPages],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: {
        app: fromRoot('./src/web/index.html'),
        display: fromRoot('./src/web/display.html'),
      },
      // The web app's modules, entries and stylesheets aside, only define things when imported,
      // so one whose exports go unused is left out: a page that takes one component from a
      // feature's index.ts gets that component, not every module the index re-exports.
      treeshake: { moduleSideEffects: (id) => !id.startsWith(webSources) || /\.css($|\?)/.test(id) },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
})
