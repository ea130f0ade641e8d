import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'

// The typeface of the invoice PDF is Noto Sans Regular and Bold (ADR 0070). The fonts are read
// once per process, on the first PDF, from the npm package that ships them. The server runs from
// the source tree (npm start, tsx), so the package resolves from this file wherever it starts,
// and no font installed on the machine is ever used.

export type InvoiceFonts = {
  regular: Buffer
  bold: Buffer
  /** Whether both faces have a glyph for the character. */
  hasGlyph: (codePoint: number) => boolean
}

let loaded: InvoiceFonts | undefined

export function invoiceFonts(): InvoiceFonts {
  return (loaded ??= loadInvoiceFonts())
}

function loadInvoiceFonts(): InvoiceFonts {
  const require = createRequire(import.meta.url)
  const read = (file: string) => withoutLayoutTables(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`)))
  const regular = read('400Regular/NotoSans_400Regular.ttf')
  const bold = read('700Bold/NotoSans_700Bold.ttf')
  const faces = [regular, bold].map((bytes) => {
    const face = fontkit.create(bytes)
    if ('fonts' in face) throw new Error('Expected one font, not a collection')
    return face
  })
  return { regular, bold, hasGlyph: (codePoint) => faces.every((face) => face.hasGlyphForCodePoint(codePoint)) }
}

// pdfkit parses a font again for every document, and fontkit decodes the tables it reads again
// too. Noto Sans's OpenType layout tables (kerning and mark positioning) made a typical invoice
// take 230 ms instead of 20 ms, and its glyph names (the 'post' table, read for one flag) another
// 7 ms per face. The fonts are kept without them: each glyph is placed by its own advance width,
// so the text is not kerned, and an accented letter is drawn from its precomposed glyph (pdf.ts
// normalises to NFC). The PDF never carried these tables: pdfkit embeds a subset without them.
const LAYOUT_TABLES = new Set(['GDEF', 'GPOS', 'GSUB'])
// Format 3 of 'post' is its 32-byte header without glyph names.
const POST_HEADER_LENGTH = 32
const POST_FORMAT_3 = 0x00030000

/** The font file (an sfnt: TrueType or OpenType) without layout tables or glyph names; every other table as it is. */
function withoutLayoutTables(font: Buffer): Buffer {
  const tables = Array.from({ length: font.readUInt16BE(4) }, (_, index) => {
    const record = 12 + index * 16
    const tag = font.toString('latin1', record, record + 4)
    const start = font.readUInt32BE(record + 8)
    const bytes = Buffer.from(font.subarray(start, start + font.readUInt32BE(record + 12)))
    if (tag === 'post') return { tag, bytes: withoutGlyphNames(bytes) }
    return { tag, bytes, checksum: font.readUInt32BE(record + 4) }
  }).filter((table) => !LAYOUT_TABLES.has(table.tag))
  const padded = (length: number) => (length + 3) & ~3
  const directoryLength = 12 + tables.length * 16
  const result = Buffer.alloc(tables.reduce((total, table) => total + padded(table.bytes.length), directoryLength))
  // The sfnt version, then the table count and the binary search fields derived from it.
  font.copy(result, 0, 0, 4)
  const entrySelector = Math.floor(Math.log2(tables.length))
  result.writeUInt16BE(tables.length, 4)
  result.writeUInt16BE(2 ** entrySelector * 16, 6)
  result.writeUInt16BE(entrySelector, 8)
  result.writeUInt16BE(tables.length * 16 - 2 ** entrySelector * 16, 10)
  let offset = directoryLength
  tables.forEach(({ tag, bytes, checksum }, index) => {
    const record = 12 + index * 16
    result.write(tag, record, 'latin1')
    result.writeUInt32BE(checksum ?? tableChecksum(bytes), record + 4)
    result.writeUInt32BE(offset, record + 8)
    result.writeUInt32BE(bytes.length, record + 12)
    bytes.copy(result, offset)
    offset += padded(bytes.length)
  })
  return result
}

function withoutGlyphNames(post: Buffer): Buffer {
  const header = Buffer.from(post.subarray(0, POST_HEADER_LENGTH))
  header.writeUInt32BE(POST_FORMAT_3, 0)
  return header
}

/** The sum of the table's big-endian 32-bit words, zero-padded, modulo 2^32. */
function tableChecksum(table: Buffer): number {
  const words = Buffer.alloc((table.length + 3) & ~3)
  table.copy(words)
  let sum = 0
  for (let offset = 0; offset < words.length; offset += 4) sum = (sum + words.readUInt32BE(offset)) >>> 0
  return sum
}
