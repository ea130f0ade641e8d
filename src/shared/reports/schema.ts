import { z } from 'zod'
import { calendarDate, whenValid } from '@shared/schema-fields'
import { periodDays } from './periods'
import { REPORT_LIMITS } from '@shared/reports/limits'

// What GET /api/reports takes (docs/product.md#reports). It arrives as a query string.

export const REPORT_MESSAGES = {
  facility: "Please choose a facility or 'all'",
  from: 'Please enter a start date as YYYY-MM-DD',
  to: 'Please enter an end date as YYYY-MM-DD',
  order: 'The end date must be on or after the start date',
  tooLong: (maxDays: number) => `A period can be at most ${maxDays.toLocaleString('en-US')} days long`,
} as const

/** A period's two dates (both inclusive) of at most `maxDays` days: reports and exports share it. */
export function periodFields(maxDays: number) {
  return {
    shape: { from: calendarDate(REPORT_MESSAGES.from), to: calendarDate(REPORT_MESSAGES.to) },
    refine<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
      return schema
        .refine((query) => query.from <= query.to, { message: REPORT_MESSAGES.order, path: ['to'], ...whenValid('from', 'to') })
        .refine((query) => query.from > query.to || periodDays(query) <= maxDays, {
          message: REPORT_MESSAGES.tooLong(maxDays),
          path: ['to'],
          ...whenValid('from', 'to'),
        })
    },
  }
}

/** 'all' facilities of the organisation, or one. */
export const facilityFilter = z
  .string({ error: REPORT_MESSAGES.facility })
  .trim()
  .toLowerCase()
  .default('all')
  .pipe(z.union([z.literal('all'), z.uuid()], { error: REPORT_MESSAGES.facility }))

const reportPeriod = periodFields(REPORT_LIMITS.maxDays)

/** GET /api/reports?facilityId=…|all&from=…&to=… */
export const reportQuery = reportPeriod.refine(z.object({ facilityId: facilityFilter, ...reportPeriod.shape }))
export type ReportQueryValues = z.input<typeof reportQuery>
export type ReportQuery = z.output<typeof reportQuery>
