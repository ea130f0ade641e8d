import { z } from 'zod'

// Field builders for the API's answers: what the JSON carries, which is not always what a form
// accepts (a Date arrives as a string, a numeric column as an exact decimal string).

/** An instant: JSON writes a Date as 'YYYY-MM-DDTHH:MM:SS.sssZ'. */
export const instant = z.iso.datetime()

/** A date column: 'YYYY-MM-DD', a calendar day with no zone. */
export const calendarDay = z.iso.date()

/** A time column as the API speaks it: 'HH:MM' on a facility's wall clock. */
export const wallClockTime = z.iso.time({ precision: -1 })

/** Hours from a numeric column, exact to the hundredth: '2.50'; what remains of a contract can be negative. */
export const exactHours = z.string().regex(/^-?\d+\.\d{2}$/)
