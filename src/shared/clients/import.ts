import { z } from 'zod'
import { clientInput, type ClientInput } from './schema'

// 'Import Clients' (docs/product.md#importing-clients, ADR 0068): the columns a file may have, and
// each row read into the same clientInput the Add Client form sends, so a field's rules are
// written once. The CSV text itself is split into records on the server (csv-parse), which hands
// each record here with the file line it starts on.

/**
 * Not in the spec: the import reads a whole file in one request and writes it in one
 * transaction, so the file has a ceiling; a large league's list fits many times over. Kept here
 * rather than in limits.ts, which every page loads (docs/benchmarks.md: the budgets).
 */
export const IMPORT_LIMITS = { maxRows: 10_000, maxBytes: 2 * 1024 * 1024 } as const

/** The fields a row fills, in the order of the clients export's columns. */
export const IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'secondaryPhone',
  'company',
  'address',
  'city',
  'provinceState',
  'postalCode',
  'country',
  'website',
  'notes',
  'emailConfirmations',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** Each field's column as the clients export names it, so an export imports again. */
export const IMPORT_HEADERS: Record<ImportField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  secondaryPhone: 'Secondary phone',
  company: 'Company',
  address: 'Address',
  city: 'City',
  provinceState: 'Province/State',
  postalCode: 'Postal code',
  country: 'Country',
  website: 'Website',
  notes: 'Notes',
  emailConfirmations: 'Email confirmations',
}

// How a row's message names the field: 'Row 7: postal code is too long'.
const FIELD_NAMES: Record<ImportField, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  secondaryPhone: 'secondary phone',
  company: 'company',
  address: 'address',
  city: 'city',
  provinceState: 'province/state',
  postalCode: 'postal code',
  country: 'country',
  website: 'website',
  notes: 'notes',
  emailConfirmations: 'email confirmations',
}

/** The export's columns that a new client cannot take: the export's own record of the row. */
export const IGNORED_EXPORT_HEADERS = ['Created', 'Client ID'] as const

// Other names spreadsheets give the same columns, compared as headers are (normaliseHeader).
const ALIASES: Record<string, ImportField> = {
  client: 'name',
  clientname: 'name',
  'e-mail': 'email',
  emailaddress: 'email',
  phonenumber: 'phone',
  telephone: 'phone',
  phone2: 'secondaryPhone',
  otherphone: 'secondaryPhone',
  organisation: 'company',
  organization: 'company',
  street: 'address',
  streetaddress: 'address',
  town: 'city',
  province: 'provinceState',
  state: 'provinceState',
  provincestate: 'provinceState',
  'state/province': 'provinceState',
  region: 'provinceState',
  postcode: 'postalCode',
  zip: 'postalCode',
  zipcode: 'postalCode',
  'zip/postalcode': 'postalCode',
  web: 'website',
  url: 'website',
  note: 'notes',
  comments: 'notes',
}

/** Headers compare without case and without spaces: ' POSTAL code ' is 'Postal code'. */
export function normaliseHeader(header: string): string {
  return header.replace(/\s+/g, '').toLowerCase()
}

const HEADER_FIELDS = new Map<string, ImportField>([
  ...Object.entries(ALIASES),
  ...IMPORT_FIELDS.map((field) => [normaliseHeader(IMPORT_HEADERS[field]), field] as const),
])
const IGNORED_HEADERS = new Set<string>(IGNORED_EXPORT_HEADERS.map(normaliseHeader))

export const IMPORT_MESSAGES = {
  empty: 'The file is empty',
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows`,
  noNameColumn: 'Row 1: the file has no Name column',
  noRows: 'The file has no clients to import',
  notImported: 'Nothing was imported: fix the rows with errors and try again',
} as const

/** The file's header row read: the field of each column (null: not imported) and the columns left out. */
export type ImportColumns = { fields: (ImportField | null)[]; ignoredColumns: string[] }

/** The header row (file line 1) read, or why the file cannot be imported. */
export function readHeader(cells: string[]): ImportColumns | { error: string } {
  const fields: (ImportField | null)[] = []
  const ignoredColumns: string[] = []
  const seen = new Set<ImportField>()
  for (const cell of cells) {
    const normalised = normaliseHeader(cell)
    const field = HEADER_FIELDS.get(normalised) ?? null
    if (field && seen.has(field)) return { error: `Row 1: the ${IMPORT_HEADERS[field]} column appears twice` }
    if (field) seen.add(field)
    else if (normalised !== '' && !IGNORED_HEADERS.has(normalised)) ignoredColumns.push(cell.trim())
    fields.push(field)
  }
  if (!seen.has('name')) return { error: IMPORT_MESSAGES.noNameColumn }
  return { fields, ignoredColumns }
}

/** One record of the file: its cells and the file line it starts on (the header is line 1). */
export type ImportRecord = { line: number; cells: string[] }

/** A row's fields as they will be saved, or as typed where they are not valid. */
export type ImportValues = { [Field in Exclude<ImportField, 'emailConfirmations'>]: string | null } & {
  emailConfirmations: boolean | null
}

export type ImportRow = {
  line: number
  values: ImportValues
  /** What 'Import' creates: null when the row has errors. */
  input: ClientInput | null
  errors: string[]
}

const YES = new Set(['yes', 'y', 'true', '1', 'on'])
const NO = new Set(['no', 'n', 'false', '0', 'off'])

// The clients export escapes a value that a spreadsheet would run as a formula with a leading
// apostrophe (csv-stringify's escape_formulas); reading it back takes the apostrophe off.
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/

function cellText(cell: string | undefined): string {
  return (cell ?? '').replace(ESCAPED_FORMULA, '')
}

/** 'Yes'/'No' as the export writes them, and the usual spellings; blank is the form's default, on. */
function readConfirmations(text: string): boolean | undefined | 'invalid' {
  const word = text.trim().toLowerCase()
  if (word === '') return undefined
  if (YES.has(word)) return true
  if (NO.has(word)) return false
  return 'invalid'
}

function fieldMessage(line: number, field: ImportField, issue: z.core.$ZodIssue | undefined): string {
  if (field === 'name' && (issue?.code === 'too_small' || issue?.code === 'invalid_type')) return `Row ${line}: name is required`
  if (issue?.code === 'too_big') return `Row ${line}: ${FIELD_NAMES[field]} is too long`
  return `Row ${line}: ${FIELD_NAMES[field]} is not valid`
}

/** How two clients are the same: the email or the name, without case or extra spaces. */
export function matchKey(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * Each record read into a client, with its errors: each field by clientInput's own rule, and a
 * second row with the same email or name as an earlier one (the file would make two of a client).
 */
export function readRows(columns: ImportColumns, records: ImportRecord[]): ImportRow[] {
  const firstLineOfEmail = new Map<string, number>()
  const firstLineOfName = new Map<string, number>()
  return records.map(({ line, cells }) => {
    const errors: string[] = []
    const texts = new Map<ImportField, string>()
    columns.fields.forEach((field, index) => {
      if (field) texts.set(field, cellText(cells[index]))
    })
    // Cells past the header's columns would be lost without a word.
    if (cells.slice(columns.fields.length).some((cell) => cell.trim() !== '')) {
      errors.push(`Row ${line}: it has more values than the header has columns`)
    }
    const values = {} as Record<ImportField, string | boolean | null>
    const input = {} as Record<ImportField, unknown>
    for (const field of IMPORT_FIELDS) {
      const text = texts.get(field)
      if (field === 'emailConfirmations') {
        const confirmations = readConfirmations(text ?? '')
        if (confirmations === 'invalid') {
          errors.push(fieldMessage(line, field, undefined))
          values[field] = null
        } else {
          input[field] = confirmations ?? true
          values[field] = confirmations ?? true
        }
        continue
      }
      const result = clientInput.shape[field].safeParse(text ?? null)
      if (result.success) {
        input[field] = result.data
        values[field] = result.data
      } else {
        errors.push(fieldMessage(line, field, result.error.issues[0]))
        values[field] = text?.trim() || null
      }
    }
    for (const [field, seen] of [
      ['email', firstLineOfEmail],
      ['name', firstLineOfName],
    ] as const) {
      const value = values[field]
      if (typeof value !== 'string' || value.trim() === '') continue
      const key = matchKey(value)
      const earlier = seen.get(key)
      if (earlier === undefined) seen.set(key, line)
      else errors.push(`Row ${line}: ${field} is the same as row ${earlier}`)
    }
    return {
      line,
      values: values as ImportValues,
      input: errors.length === 0 ? (input as ClientInput) : null,
      errors,
    }
  })
}

/** The UTF-8 size of the text, without copying it. */
export function utf8Bytes(text: string): number {
  let bytes = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        index++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** POST /api/clients/import/preview and POST /api/clients/import: the file's text, as read by the browser. */
export const importInput = z.object({
  csv: z
    .string({ error: 'Please choose a CSV file' })
    // Characters first, a cheap bound on the bytes; then the bytes themselves.
    .max(IMPORT_LIMITS.maxBytes, IMPORT_MESSAGES.tooLarge)
    .refine((csv) => utf8Bytes(csv) <= IMPORT_LIMITS.maxBytes, IMPORT_MESSAGES.tooLarge)
    .refine((csv) => csv.replace(/^\uFEFF/, '').trim() !== '', IMPORT_MESSAGES.empty),
})
export type ImportInput = z.infer<typeof importInput>
