import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { calendarDate, whenValid } from '@shared/schema-fields'
import { COVERED_EVENT_CHOICES, CLOSURE_MESSAGES } from './schema'

// Public holidays added as closures in one step (docs/product.md#closures, ADR 0050).

export const HOLIDAY_MESSAGES = {
  country: 'Please choose a country',
  region: 'Please choose a state or province of that country',
  from: 'Please select the first day',
  to: 'Please select the last day',
  toBeforeFrom: 'The last day must be on or after the first',
  tooLong: `Choose at most ${LIMITS.closure.maxDays} days`,
} as const

/** Where and over which days, both included: a season such as Sep 1 – Apr 30. */
export const holidayClosuresPreviewInput = z
  .object({
    // ISO 3166-1 alpha-2 ('CA') and the library's own code for a state or province ('ON').
    country: z
      .string({ error: HOLIDAY_MESSAGES.country })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, HOLIDAY_MESSAGES.country),
    region: z
      .string({ error: HOLIDAY_MESSAGES.region })
      .trim()
      .toUpperCase()
      .nullish()
      .transform((value) => value || null)
      .pipe(
        z
          .string()
          .regex(/^[A-Z0-9]{1,5}$/, HOLIDAY_MESSAGES.region)
          .nullable(),
      ),
    from: calendarDate(HOLIDAY_MESSAGES.from),
    to: calendarDate(HOLIDAY_MESSAGES.to),
  })
  .refine(({ from, to }) => to >= from, { message: HOLIDAY_MESSAGES.toBeforeFrom, path: ['to'], ...whenValid('from', 'to') })
  .refine(({ from, to }) => to < addCalendarDays(from, LIMITS.closure.maxDays), {
    message: HOLIDAY_MESSAGES.tooLong,
    path: ['to'],
    ...whenValid('from', 'to'),
  })
export type HolidayClosuresPreviewInput = z.output<typeof holidayClosuresPreviewInput>

/**
 * POST /api/facilities/:id/closures/holidays: every listed holiday not closed yet becomes an
 * all-day closure of the whole facility, all or none. coveredEvents, as for one closure, is
 * required when the new closures cover events.
 */
export const holidayClosuresInput = holidayClosuresPreviewInput.and(
  z.object({
    coveredEvents: z
      .enum(COVERED_EVENT_CHOICES, { error: CLOSURE_MESSAGES.choice })
      .nullish()
      .transform((value) => value ?? null),
  }),
)
export type HolidayClosuresFormValues = z.input<typeof holidayClosuresInput>
export type HolidayClosuresInput = z.output<typeof holidayClosuresInput>
