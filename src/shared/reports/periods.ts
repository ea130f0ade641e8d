import { addCalendarDays, addCalendarMonths, formatCalendarDate, parseCalendarDate, weekdayOf } from '@shared/scheduling/calendar-date'

// The periods a report reads (docs/product.md#reports): two local dates, both inclusive, each
// read in the facility's own zone. The presets are computed from 'today', a local date.

export const REPORT_PRESETS = ['this-week', 'this-month', 'last-month', 'this-season'] as const
export type ReportPreset = (typeof REPORT_PRESETS)[number]

export const PRESET_LABELS: Record<ReportPreset, string> = {
  'this-week': 'This week',
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-season': 'This season',
}

export interface Period {
  /** 'YYYY-MM-DD', inclusive */
  from: string
  /** 'YYYY-MM-DD', inclusive */
  to: string
}

// The ice season: September 1 to April 30.
const SEASON_FIRST_MONTH = 9
const SEASON_LAST_MONTH = 4

/** The dates of `preset` around `today` ('YYYY-MM-DD' on the facility's calendar). */
export function periodOf(preset: ReportPreset, today: string): Period {
  const { year, month } = parseCalendarDate(today)
  switch (preset) {
    case 'this-week': {
      // weekdayOf counts from Sunday (0); a week here runs Monday to Sunday.
      const monday = addCalendarDays(today, -((weekdayOf(today) + 6) % 7))
      return { from: monday, to: addCalendarDays(monday, 6) }
    }
    case 'this-month':
      return monthOf(year, month)
    case 'last-month':
      return monthOf(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1)
    case 'this-season': {
      // From May to August the season that has just ended is still the one a rink reports on.
      const startYear = month >= SEASON_FIRST_MONTH ? year : year - 1
      return {
        from: formatCalendarDate({ year: startYear, month: SEASON_FIRST_MONTH, day: 1 }),
        to: formatCalendarDate({ year: startYear + 1, month: SEASON_LAST_MONTH, day: 30 }),
      }
    }
  }
}

/** How many days a period covers, both ends counted: 2026-01-01 to 2026-01-01 is 1. */
export function periodDays({ from, to }: Period): number {
  const { year: fromYear, month: fromMonth, day: fromDay } = parseCalendarDate(from)
  const { year: toYear, month: toMonth, day: toDay } = parseCalendarDate(to)
  return Math.round((Date.UTC(toYear, toMonth - 1, toDay) - Date.UTC(fromYear, fromMonth - 1, fromDay)) / 86_400_000) + 1
}

function monthOf(year: number, month: number): Period {
  const from = formatCalendarDate({ year, month, day: 1 })
  return { from, to: addCalendarDays(addCalendarMonths(from, 1), -1) }
}
