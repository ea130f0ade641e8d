import { CsvError, parse } from 'csv-parse/sync'
import {
  readHeader,
  readRows,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportColumns,
  type ImportRecord,
  type ImportRow,
} from '@shared/clients/import'

export type ReadFile = { columns: ImportColumns; rows: ImportRow[] }

/** Why a whole file cannot be imported: it is not CSV, has no Name column, has too many rows. */
export class ImportFileError extends Error {}

type Parsed = { record: string[]; info: { lines: number } }

// Spreadsheets end lines in CRLF, LF or CR, and a quoted cell may hold any of them; csv-parse
// counts a CRLF inside quotes as two lines, so every break becomes LF first.
const LINE_BREAKS = /\r\n?/g
const LF = /\n/g

const QUOTE_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote is not followed by a comma or the end of the line',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote is not followed by a comma or the end of the line',
}

/**
 * The CSV text as records (csv-parse, RFC 4180 quoting; a spreadsheet's BOM, blank lines and rows
 * of only commas are skipped), then read by the shared rules.
 */
export function readImportFile(csv: string): ReadFile {
  let parsed: Parsed[]
  try {
    parsed = parse(csv.replace(LINE_BREAKS, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // A quote inside an unquoted cell (5'10", "The" Hawks) is kept as typed, as spreadsheets read it.
      relax_quotes: true,
      record_delimiter: '\n',
      // The header and one row past the limit: enough to say the file has too many.
      to: IMPORT_LIMITS.maxRows + 2,
    }) as unknown as Parsed[]
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as unknown as { lines: number }).lines : 1
      throw new ImportFileError(`Row ${line}: the file is not valid CSV (${QUOTE_PROBLEMS[error.code] ?? 'it cannot be read'})`)
    }
    throw error
  }
  const [header, ...body] = parsed
  if (!header) throw new ImportFileError(IMPORT_MESSAGES.empty)
  if (body.length > IMPORT_LIMITS.maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows)
  const columns = readHeader(header.record)
  if ('error' in columns) throw new ImportFileError(columns.error)
  const records: ImportRecord[] = body.map(({ record, info }) => {
    let breaks = 0
    // A line break inside a quoted cell: the record started that many lines before the one it ended on.
    for (const cell of record) breaks += cell.match(LF)?.length ?? 0
    return { line: info.lines - breaks, cells: record }
  })
  return { columns, rows: readRows(columns, records) }
}
