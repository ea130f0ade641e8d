import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// The habits docs/architecture.md asks of the repository itself, checked so they stay true: every
// decision record carries its date and status, and nothing points a reader to a tracker they
// cannot open. A rule of the product is explained in docs/product.md, and comments point there.

const ROOT = join(import.meta.dirname, '..')
const SCANNED = ['src', 'e2e', 'scripts', 'docs', 'README.md', '.ci']
const TEXT = /\.(ts|tsx|js|mjs|css|sql|md|json|html)$|^run$/

function filesUnder(path: string): string[] {
  if (!statSync(path, { throwIfNoEntry: false })) return []
  if (statSync(path).isFile()) return [path]
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return []
    const child = join(path, entry.name)
    return entry.isDirectory() ? filesUnder(child) : TEXT.test(entry.name) ? [child] : []
  })
}

// Another project's public tracker can be opened by anyone; ours cannot.
const PUBLIC_TRACKERS = /(Cal\.com|Xibo) issue/
const TRACKER_POINTER = /\bissues? #?\d+|\bspec §/i

describe('the repository', () => {
  it('points no reader to an issue number or a section of the spec', () => {
    const pointers = SCANNED.flatMap((top) => filesUnder(join(ROOT, top))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          TRACKER_POINTER.test(line) && !PUBLIC_TRACKERS.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    )
    expect(pointers).toEqual([])
  })

  it('gives every decision record a Date and a Status', () => {
    const decisions = join(ROOT, 'docs', 'decisions')
    const missing = readdirSync(decisions)
      .filter((name) => name.endsWith('.md'))
      .filter((name) => {
        const text = readFileSync(join(decisions, name), 'utf8')
        return !/^Date: \d{4}-\d{2}-\d{2}$/m.test(text) || !/^Status: \S/m.test(text)
      })
    expect(missing).toEqual([])
  })
})
