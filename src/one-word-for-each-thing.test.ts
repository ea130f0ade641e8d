import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// One word for each thing a user reads (ADR 0051): a lobby board is a screen, a dressing room is a
// change room, in two words. The product spec's own texts keep their words exactly, so they are
// the only exceptions, listed here as they are written there.
const SPEC_TEXTS = [
  'Add Changerooms',
  'changeroom(s) created successfully!',
  'Display Management',
  'Add Displays',
  'Configure Displays',
  'display(s) created successfully!',
  'Displays configured successfully!',
]

const OTHER_WORDS: Array<{ pattern: RegExp; word: string }> = [
  { pattern: /\bchangerooms?\b/i, word: 'change room' },
  // 'display' as a verb ('the spaces to display') is fine; as a thing shown in the lobby it is a screen.
  { pattern: /\b(?:a|the|this|that|each|every|new|your|lobby|no|one) displays?\b|\bdisplays\b/i, word: 'screen' },
]

function sourceFiles(folder: string): string[] {
  return (
    readdirSync(folder, { withFileTypes: true, recursive: true })
      // The tests' own helpers (src/server/test) write no text a user reads.
      .filter(
        (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.parentPath.endsWith('test'),
      )
      .map((entry) => join(entry.parentPath, entry.name))
  )
}

// What a user can read in a file: quoted strings and JSX text. Comments and names in code are not read.
function readableTexts(source: string): Array<{ text: string; line: number }> {
  const withoutComments = source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
  const texts: Array<{ text: string; line: number }> = []
  const patterns = [/'([^'\n]*)'/g, /"([^"\n]*)"/g, /`([^`]*)`/g, />([^<>{}\n]*[A-Za-z][^<>{}\n]*)</g]
  for (const pattern of patterns) {
    for (const match of withoutComments.matchAll(pattern)) {
      // What a template puts in is code, not words.
      const text = match[1]!.replace(/\$\{[^}]*\}/g, '')
      // A path, a key or an identifier has no space and no capital to start it.
      if (!/\s/.test(text.trim()) && !/^[A-Z]/.test(text)) continue
      texts.push({ text, line: withoutComments.slice(0, match.index).split('\n').length })
    }
  }
  return texts
}

describe('the words users read', () => {
  it('call each thing by one word, apart from the spec’s own texts', () => {
    const found: string[] = []
    for (const file of ['src/web', 'src/shared', 'src/server'].flatMap(sourceFiles)) {
      for (const { text, line } of readableTexts(readFileSync(file, 'utf8'))) {
        const rest = SPEC_TEXTS.reduce((remaining, spec) => remaining.replaceAll(spec, ''), text)
        for (const { pattern, word } of OTHER_WORDS)
          if (pattern.test(rest)) found.push(`${file}:${line}: "${text.trim()}" (the word is ${word})`)
      }
    }
    expect(found).toEqual([])
  })
})
