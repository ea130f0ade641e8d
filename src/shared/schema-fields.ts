import { z } from 'zod'
import { LIMITS } from '@shared/limits'

// Field builders shared by the domain schemas, so that every limit and blank-handling rule
// reads the same in every form and route.

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be ${max} characters or less`
}

// Characters that hide or reorder what a name shows: bidirectional overrides and isolates (a
// name that reads backwards on the Team page or a lobby board) and zero-width characters (two
// names that look the same and are not).
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/g
const LINE_BREAKS = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g
const CONTROLS = /\p{Cc}/gu

/** A name or title as one line: breaks and tabs become spaces; other control and invisible characters go. */
export function cleanLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ').replace(/\t/g, ' ').replace(CONTROLS, '').replace(INVISIBLE, '')
}

/** A description keeps its line breaks (as \n) and loses every other control and invisible character. */
export function cleanMultiline(value: string): string {
  return value
    .replace(LINE_BREAKS, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\P{Cc}\n]/gu, '')
    .replace(INVISIBLE, '')
}

/** A string cleaned as one line (cleanLine), before any trim or length rule reads it. */
export function lineString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(cleanLine)
}

/** Trimmed one-line text that must not be blank. */
export function requiredText(max: number, { label, required }: { label: string; required: string }) {
  return (
    lineString({ error: required })
      .trim()
      // Aborts so that a blank value reports only that it is missing, not what later checks think of it.
      .min(1, { error: required, abort: true })
      .max(max, tooLongMessage(label, max))
  )
}

/**
 * Trimmed text where blank, null and missing are all stored as null (docs/product.md#across-the-app).
 * One line unless `multiline` (descriptions and notes), which keeps line breaks.
 */
export function optionalText(max: number, label: string, { multiline = false }: { multiline?: boolean } = {}) {
  return z
    .string()
    .overwrite(multiline ? cleanMultiline : cleanLine)
    .trim()
    .max(max, tooLongMessage(label, max))
    .nullish()
    .transform((value) => value || null)
}

/** An id from a select, where the empty choice means none. */
export function optionalId(message: string) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.uuid({ error: message }).nullable())
}

const { earliestYear, latestYear } = LIMITS.dates

/** The one answer to a date or instant outside the years the app accepts, wherever it is sent. */
export const DATE_RANGE_MESSAGE = `Please choose a date between ${earliestYear} and ${latestYear}`

/** Whether a calendar year lies in the years the app accepts. */
export function isYearInRange(year: number): boolean {
  return year >= earliestYear && year <= latestYear
}

/** A calendar date 'YYYY-MM-DD' that exists (no 30 February), in the years the app accepts. */
export function calendarDate(message: string) {
  // Aborts so that a malformed date reports once.
  return z.iso.date({ error: message, abort: true }).refine((date) => isYearInRange(Number(date.slice(0, 4))), DATE_RANGE_MESSAGE)
}

/** An ISO date-time with an offset, as a Date, in the years the app accepts (read in UTC). */
export function instantInRange(message: string) {
  return z.iso
    .datetime({ offset: true, error: message, abort: true })
    .transform((value) => new Date(value))
    .refine((value) => isYearInRange(value.getUTCFullYear()), DATE_RANGE_MESSAGE)
}

/** A wall-clock time 'HH:MM', 00:00 to 23:59. */
export function timeOfDay(message: string) {
  return z.iso.time({ precision: -1, error: message })
}

export const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'Please enter a colour as a hex value such as #3b82f6')

/**
 * Lets a cross-field rule run as soon as the fields it reads are valid, so a form shows it
 * together with errors elsewhere instead of only after they are fixed. An issue without a path
 * means the value is not an object at all (null, an array), so there are no fields to read.
 */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      payload.issues.every((issue) => issue.path !== undefined && issue.path.length > 0 && !fields.includes(String(issue.path[0]))),
  }
}
