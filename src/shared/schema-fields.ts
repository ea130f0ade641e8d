import { z } from 'zod'

// Field builders shared by the domain schemas, so that every limit and blank-handling rule
// reads the same in every form and route.

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be ${max} characters or less`
}

/** Trimmed text that must not be blank. */
export function requiredText(max: number, { label, required }: { label: string; required: string }) {
  return z
    .string({ error: required })
    .trim()
    // Aborts so that a blank value reports only that it is missing, not what later checks think of it.
    .min(1, { error: required, abort: true })
    .max(max, tooLongMessage(label, max))
}

/** Trimmed text where blank, null and missing are all stored as null (spec §5). */
export function optionalText(max: number, label: string) {
  return z
    .string()
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

/** A calendar date 'YYYY-MM-DD' that exists (no 30 February). */
export function calendarDate(message: string) {
  return z.iso.date({ error: message })
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
 * together with errors elsewhere instead of only after they are fixed.
 */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      payload.issues.every((issue) => !fields.includes(String(issue.path?.[0]))),
  }
}
