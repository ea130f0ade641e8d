// Fails the build when a route ships more JavaScript than its budget (docs/benchmarks.md). Reads the Vite
// manifest, so it measures what a browser really downloads: a route's chunk plus every chunk it
// imports statically, gzipped.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

const KB = 1024
const BUDGETS = {
  landing: 120 * KB,
  signedInFirstRoute: 200 * KB,
  lazyRoute: 100 * KB,
  displayBoard: 90 * KB,
  // The venue timeline (docs/product.md#timeline): what it adds to the facility page it opens on.
  timeline: 60 * KB,
}

const webRoot = process.argv[2] ?? 'dist/web'
const manifest = JSON.parse(readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8')) as Manifest
const gzipSizes = new Map<string, number>()
const gzipSize = (file: string) => {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(join(webRoot, file))).length)
  return gzipSizes.get(file)!
}

// Every file a chunk pulls in without a dynamic import.
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen)
  return seen
}

const jsFiles = (keys: Iterable<string>) => new Set([...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')))
const total = (files: Set<string>) => [...files].reduce((sum, file) => sum + gzipSize(file), 0)

const appEntry = Object.keys(manifest).find((key) => key.endsWith('index.html'))!
const displayEntry = Object.keys(manifest).find((key) => key.endsWith('display.html'))!
const appInitial = jsFiles(staticClosure(appEntry))
const rows: Array<{ name: string; bytes: number; budget: number }> = []

rows.push({ name: 'landing page (app entry)', bytes: total(appInitial), budget: BUDGETS.landing })
rows.push({ name: 'display board', bytes: total(jsFiles(staticClosure(displayEntry))), budget: BUDGETS.displayBoard })

const signedInShell = Object.keys(manifest).find((key) => key.includes('components/signed-in-shell'))
const facilityPage = Object.keys(manifest).find((key) => key.includes('features/facilities/facility-page'))
const facilityPageFiles = facilityPage ? jsFiles(staticClosure(facilityPage)) : new Set<string>()

for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue
  if (key.includes('features/timeline/')) {
    const added = new Set([...jsFiles(staticClosure(key))].filter((file) => !appInitial.has(file) && !facilityPageFiles.has(file)))
    rows.push({ name: `timeline view ${chunk.src ?? key}`, bytes: total(added), budget: BUDGETS.timeline })
    continue
  }
  // What a lazy route adds on top of what the app entry already loaded. The first signed-in route
  // also brings the signed-in shell (sidebar, header), a lazy chunk of its own that every signed-in
  // page loads with it.
  const isFirstSignedInRoute = key.includes('facilities-page')
  const closure = staticClosure(key)
  if (isFirstSignedInRoute && signedInShell) staticClosure(signedInShell, closure)
  const added = new Set([...jsFiles(closure)].filter((file) => !appInitial.has(file)))
  rows.push({
    name: `${isFirstSignedInRoute ? 'first signed-in route' : 'lazy route'} ${chunk.src ?? key}`,
    bytes: isFirstSignedInRoute ? total(appInitial) + total(added) : total(added),
    budget: isFirstSignedInRoute ? BUDGETS.signedInFirstRoute : BUDGETS.lazyRoute,
  })
}

let failed = false
for (const row of rows) {
  const isOver = row.bytes > row.budget
  failed ||= isOver
  console.log(`${isOver ? 'OVER' : 'ok  '} ${(row.bytes / KB).toFixed(1).padStart(7)} KB / ${(row.budget / KB).toFixed(0)} KB  ${row.name}`)
}
if (failed) {
  console.error('\nA JavaScript budget is exceeded (gzipped). Split the code or trim dependencies.')
  process.exit(1)
}
