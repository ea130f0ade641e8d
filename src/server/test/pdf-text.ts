import { inflateSync } from 'node:zlib'

// What a reader of a PDF written by pdfkit sees, for tests: its fonts and its lines of text.
// pdfkit writes embedded fonts' text as glyph ids (Identity-H) and gives each font a ToUnicode
// map, which is what PDF viewers use when text is copied or searched. Reading text through that
// map checks the glyphs drawn, not just the strings handed to pdfkit. This covers only pdfkit's
// own output: one object per `N 0 obj`, text shown with TJ.

type PdfObject = { dictionary: string; stream?: Buffer }

export type PdfText = {
  /** The BaseFont of every font, e.g. 'BZZZZZ+NotoSans-Regular'. */
  fonts: string[]
  /** Each TJ of every page, in order. */
  lines: string[]
}

export function readPdfText(pdf: Uint8Array): PdfText {
  const objects = pdfObjects(Buffer.from(pdf))
  const object = (reference: string) => objects.get(Number(reference))!
  const fonts = [...objects.values()].flatMap(({ dictionary }) =>
    /\/Type \/Font\b/.test(dictionary) && /\/Subtype \/Type0\b/.test(dictionary) ? [/\/BaseFont \/(\S+)/.exec(dictionary)![1]!] : [],
  )
  const lines: string[] = []
  for (const { dictionary } of objects.values()) {
    if (!/\/Type \/Page\n/.test(dictionary)) continue
    const resources = object(/\/Resources (\d+) 0 R/.exec(dictionary)![1]!).dictionary
    const unicodeOf = new Map<string, Map<number, string>>()
    for (const [, name, reference] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object(reference!).dictionary)
      if (toUnicode) unicodeOf.set(name!, glyphUnicode(object(toUnicode[1]!).stream!.toString('latin1')))
    }
    const content = object(/\/Contents (\d+) 0 R/.exec(dictionary)![1]!).stream!.toString('latin1')
    let unicode: Map<number, string> | undefined
    for (const [, font, shown] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (font) unicode = unicodeOf.get(font)
      else lines.push([...shown!.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => glyphsText(hex!, unicode!)).join(''))
    }
  }
  return { fonts, lines }
}

function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1')
  const objects = new Map<number, PdfObject>()
  const header = /(\d+) 0 obj\n/g
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = header.lastIndex
    const streamAt = text.indexOf('\nstream\n', start)
    const end = text.indexOf('\nendobj', start)
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(match[1]), { dictionary: text.slice(start, end) })
      continue
    }
    const dictionary = text.slice(start, streamAt)
    const bodyStart = streamAt + '\nstream\n'.length
    const body = pdf.subarray(bodyStart, bodyStart + Number(/\/Length (\d+)/.exec(dictionary)![1]))
    objects.set(Number(match[1]), { dictionary, stream: dictionary.includes('/FlateDecode') ? inflateSync(body) : body })
    header.lastIndex = bodyStart + body.length
  }
  return objects
}

/** A ToUnicode CMap's glyph ids and their text, from the bfrange arrays pdfkit writes. */
function glyphUnicode(cmap: string): Map<number, string> {
  const unicode = new Map<number, string>()
  for (const [, start, entries] of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
    ;[...entries!.matchAll(/<([0-9a-f ]*)>/g)].forEach(([, hex], index) => {
      unicode.set(parseInt(start!, 16) + index, Buffer.from(hex!.replace(/ /g, ''), 'hex').swap16().toString('utf16le'))
    })
  }
  return unicode
}

function glyphsText(hex: string, unicode: Map<number, string>): string {
  return (hex.match(/[0-9a-f]{4}/g) ?? []).map((glyph) => unicode.get(parseInt(glyph, 16)) ?? '\ufffd').join('')
}
