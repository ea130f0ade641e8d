import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { eventRangeQuery } from '@shared/events/schema'
import { calendarDate, optionalId, requiredText, timeOfDay, whenValid } from '@shared/schema-fields'

export const CLOSURE_MESSAGES = {
  reason: 'Please enter a reason',
  start: 'Please select when the closure starts',
  end: 'Please select when the closure ends',
  endBeforeStart: 'The closure must end after it starts',
  tooLong: `A closure can last at most ${LIMITS.closure.maxDays} days`,
  space: 'Please select a space of this facility',
  choice: 'Please choose whether to keep or cancel these events',
} as const

/** What to do with the events a new closure covers (docs/product.md#closures). */
export const COVERED_EVENT_CHOICES = ['keep', 'cancel'] as const
export type CoveredEventChoice = (typeof COVERED_EVENT_CHOICES)[number]

// 'YYYY-MM-DD' and 'HH:MM' sort as the wall-clock moments they name.
const wallClock = (date: string, time: string) => `${date}T${time}`

/**
 * Where and when a closure applies, on the facility's wall clock: the whole facility (spaceId
 * null) or one space with its parts, from startDate startTime to endDate endTime.
 */
const closureSpan = {
  /** Null: the whole facility. */
  spaceId: optionalId(CLOSURE_MESSAGES.space),
  startDate: calendarDate(CLOSURE_MESSAGES.start),
  startTime: timeOfDay(CLOSURE_MESSAGES.start),
  endDate: calendarDate(CLOSURE_MESSAGES.end),
  endTime: timeOfDay(CLOSURE_MESSAGES.end),
}

type Span = { startDate: string; startTime: string; endDate: string; endTime: string }

function withSpanRules<T extends z.ZodType<Span>>(schema: T) {
  return schema
    .refine(({ startDate, startTime, endDate, endTime }) => wallClock(endDate, endTime) > wallClock(startDate, startTime), {
      message: CLOSURE_MESSAGES.endBeforeStart,
      path: ['endTime'],
      ...whenValid('startDate', 'startTime', 'endDate', 'endTime'),
    })
    .refine(
      ({ startDate, startTime, endDate, endTime }) =>
        wallClock(endDate, endTime) <= wallClock(addCalendarDays(startDate, LIMITS.closure.maxDays), startTime),
      { message: CLOSURE_MESSAGES.tooLong, path: ['endDate'], ...whenValid('startDate', 'startTime', 'endDate', 'endTime') },
    )
}

/** POST /api/facilities/:id/closures/preview: the events a closure would cover. */
export const closurePreviewInput = withSpanRules(z.object(closureSpan))
export type ClosurePreviewInput = z.output<typeof closurePreviewInput>

/**
 * POST /api/facilities/:id/closures ('Add Closure'). coveredEvents is required when the closure
 * covers events: they are kept, or cancelled with their hours given back. Nothing is cancelled
 * unless asked.
 */
export const closureInput = withSpanRules(
  z.object({
    ...closureSpan,
    reason: requiredText(LIMITS.closure.reason, { label: 'Reason', required: CLOSURE_MESSAGES.reason }),
    coveredEvents: z
      .enum(COVERED_EVENT_CHOICES, { error: CLOSURE_MESSAGES.choice })
      .nullish()
      .transform((value) => value ?? null),
  }),
)
export type ClosureFormValues = z.input<typeof closureInput>
export type ClosureInput = z.output<typeof closureInput>

/**
 * GET /api/closures: the closures that reach into [from, to), of every facility, one facility,
 * or those that close one space (its own, its wholes', its parts' and its facility's). The range
 * is the events' own, so every calendar asks both with one range.
 */
export const closureRangeQuery = eventRangeQuery
export type ClosureRangeQuery = z.output<typeof closureRangeQuery>
