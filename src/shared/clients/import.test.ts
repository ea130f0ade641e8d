import { describe, expect, test } from 'vitest'
import { LIMITS } from '@shared/limits'
import {
  importInput,
  readHeader,
  readRows,
  utf8Bytes,
  IMPORT_HEADERS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_LIMITS,
  type ImportColumns,
} from './import'

const columnsOf = (...headers: string[]) => readHeader(headers) as ImportColumns
const rowsOf = (headers: string[], ...records: string[][]) =>
  readRows(
    columnsOf(...headers),
    records.map((cells, index) => ({ line: index + 2, cells })),
  )

describe('readHeader', () => {
  test("takes the clients export's headers whatever their case and spaces, and leaves out Created and Client ID", () => {
    const exported = [...IMPORT_FIELDS.map((field) => IMPORT_HEADERS[field]), 'Created', 'Client ID']
    expect(readHeader(exported)).toEqual({ fields: [...IMPORT_FIELDS, null, null], ignoredColumns: [] })
    expect(readHeader([' NAME ', 'e mail', 'postal CODE', 'Province / State', ' Shoe size '])).toMatchObject({
      fields: ['name', 'email', 'postalCode', 'provinceState', null],
      ignoredColumns: ['Shoe size'],
    })
  })

  test('knows the usual other names of a column', () => {
    expect(readHeader(['Client name', 'E-mail', 'Province', 'Zip', 'Phone number'])).toMatchObject({
      fields: ['name', 'email', 'provinceState', 'postalCode', 'phone'],
    })
    expect(readHeader(['Name', 'State', 'Postal Code'])).toMatchObject({ fields: ['name', 'provinceState', 'postalCode'] })
  })

  test('refuses a file without a Name column, or with a column twice', () => {
    expect(readHeader(['Email', 'Phone'])).toEqual({ error: 'Row 1: the file has no Name column' })
    expect(readHeader(['Name', 'Province', 'State'])).toEqual({ error: 'Row 1: the Province/State column appears twice' })
  })
})

describe('readRows', () => {
  test('a valid row becomes the clientInput the Add Client form sends', () => {
    const [row] = rowsOf(['Name', 'Email', 'Website', 'Email confirmations'], [' Jets ', 'JETS@example.com', 'jets.example.com', 'No'])
    expect(row!.errors).toEqual([])
    expect(row!.input).toMatchObject({
      name: 'Jets',
      email: 'JETS@example.com',
      website: 'https://jets.example.com',
      phone: null,
      emailConfirmations: false,
    })
  })

  test("each field's problem is one message with the row's line", () => {
    const rows = rowsOf(
      ['Name', 'Email', 'Postal code', 'Website', 'Email confirmations'],
      ['Jets', 'not an email', '', '', ''],
      ['', '', 'x'.repeat(LIMITS.client.postalCode + 1), 'javascript:alert(1)', 'maybe'],
    )
    expect(rows.map((row) => row.errors)).toEqual([
      ['Row 2: email is not valid'],
      [
        'Row 3: name is required',
        'Row 3: postal code is too long',
        'Row 3: website is not valid',
        'Row 3: email confirmations is not valid',
      ],
    ])
    expect(rows.map((row) => row.input)).toEqual([null, null])
    // A refused field is shown as typed.
    expect(rows[0]!.values.email).toBe('not an email')
  })

  test('a second row with the same email or name as an earlier one is an error', () => {
    const rows = rowsOf(['Name', 'Email'], ['Jets', 'a@example.com'], ['jets ', 'b@example.com'], ['Hawks', 'A@Example.com'])
    expect(rows.map((row) => row.errors)).toEqual([[], ['Row 3: name is the same as row 2'], ['Row 4: email is the same as row 2']])
  })

  test('takes off the apostrophe the export puts before a formula, and keeps other apostrophes', () => {
    const [row] = rowsOf(['Name', 'Notes', 'Company'], ["'=Jets", "'+1 call first", "'Round' Club"])
    expect(row!.values).toMatchObject({ name: '=Jets', notes: '+1 call first', company: "'Round' Club" })
  })

  test('cells past the header are an error rather than lost', () => {
    expect(rowsOf(['Name'], ['Jets', 'stray'])[0]!.errors).toEqual(['Row 2: it has more values than the header has columns'])
    expect(rowsOf(['Name'], ['Jets', ' '])[0]!.errors).toEqual([])
  })
})

describe('importInput', () => {
  test('holds the file to 2 MB of UTF-8 and refuses an empty one', () => {
    const max = IMPORT_LIMITS.maxBytes
    expect(importInput.safeParse({ csv: 'a'.repeat(max) }).success).toBe(true)
    expect(importInput.safeParse({ csv: 'é'.repeat(max / 2 + 1) }).error?.issues[0]?.message).toBe(IMPORT_MESSAGES.tooLarge)
    expect(importInput.safeParse({ csv: '\uFEFF \n' }).error?.issues[0]?.message).toBe(IMPORT_MESSAGES.empty)
    expect(importInput.safeParse({ csv: 7 }).success).toBe(false)
    expect(IMPORT_MESSAGES.tooLarge).toBe('The file is larger than 2 MB')
  })

  test('counts UTF-8 bytes as TextEncoder does', () => {
    for (const text of ['abc', 'é', '€', '😀', '\uD800x', 'x\uDC00']) expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length)
  })
})
