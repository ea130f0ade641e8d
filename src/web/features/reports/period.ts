import { z } from 'zod'
import { periodFields } from '@shared/reports/schema'
import { periodOf, REPORT_PRESETS, type Period, type ReportPreset } from '@shared/reports/periods'

// The period a page reads from its address: `?period=<preset>` wins (its dates follow today), else
// `?from=…&to=…` is a custom range, else the page's own preset. Kept in the address so that a
// report or a statement can be bookmarked, shared and reloaded.

export type PeriodChoice = ReportPreset | 'custom'

export type PeriodSelection = Period & { choice: PeriodChoice }

const isPreset = (value: string | null): value is ReportPreset => REPORT_PRESETS.includes(value as ReportPreset)

export function readPeriod(params: URLSearchParams, today: string, fallback: ReportPreset): PeriodSelection {
  const preset = params.get('period')
  if (isPreset(preset)) return { choice: preset, ...periodOf(preset, today) }
  const from = params.get('from')
  const to = params.get('to')
  if (from && to) return { choice: 'custom', from, to }
  return { choice: fallback, ...periodOf(fallback, today) }
}

/** The address's parameters for a chosen period, the others (a facility) kept. */
export function writePeriod(params: URLSearchParams, selection: PeriodSelection): URLSearchParams {
  const next = new URLSearchParams(params)
  if (selection.choice === 'custom') next.delete('period')
  else next.set('period', selection.choice)
  next.set('from', selection.from)
  next.set('to', selection.to)
  return next
}

/**
 * What is wrong with a custom range, in the server's words (src/shared/reports/schema.ts), or
 * null: a page asks the server only for a period it would accept.
 */
export function periodProblem(period: Period, maxDays: number): { field: keyof Period; message: string } | null {
  const { shape, refine } = periodFields(maxDays)
  const result = refine(z.object(shape)).safeParse(period)
  const issue = result.error?.issues[0]
  return issue ? { field: issue.path[0] === 'from' ? 'from' : 'to', message: issue.message } : null
}
