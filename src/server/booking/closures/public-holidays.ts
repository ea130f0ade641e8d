import Holidays from 'date-holidays'
import { HOLIDAY_MESSAGES } from '@shared/closures/holidays'
import { LIMITS } from '@shared/limits'
import { AppError } from '../../errors'

// The one reader of date-holidays (ADR 0050): server-side only, so its rules for some 200
// countries never reach the web bundle, which asks GET /api/holidays/countries instead.

const LANGUAGE = 'en'

export type PublicHoliday = { date: string; name: string }

let countries: { code: string; name: string; regions: { code: string; name: string }[] }[] | null = null

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, LANGUAGE)

/** Every country the library knows, by name, each with its states or provinces; read once. */
export function listHolidayCountries() {
  if (!countries) {
    const library = new Holidays()
    countries = Object.entries(library.getCountries(LANGUAGE))
      .map(([code, name]) => ({
        code,
        name,
        regions: Object.entries(library.getStates(code, LANGUAGE) ?? {})
          .map(([regionCode, regionName]) => ({ code: regionCode, name: regionName }))
          .sort(byName),
      }))
      .sort(byName)
  }
  return countries
}

/**
 * The public holidays of the country (and state or province) on the days from `from` to `to`,
 * both included, one per day in date order: two on one day share it ('Christmas Day / ...').
 * Only the 'public' type: the days the law closes, not bank, school or optional ones.
 */
export function publicHolidaysBetween(country: string, region: string | null, from: string, to: string): PublicHoliday[] {
  const known = listHolidayCountries().find((entry) => entry.code === country)
  if (!known) throw new AppError('VALIDATION', HOLIDAY_MESSAGES.country, { country: HOLIDAY_MESSAGES.country })
  if (region !== null && !known.regions.some((entry) => entry.code === region))
    throw new AppError('VALIDATION', HOLIDAY_MESSAGES.region, { region: HOLIDAY_MESSAGES.region })
  const library = region === null ? new Holidays(country, { types: ['public'] }) : new Holidays(country, region, { types: ['public'] })
  const byDate = new Map<string, string[]>()
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of library.getHolidays(year, LANGUAGE)) {
      // 'YYYY-MM-DD hh:mm:ss' on the country's own calendar: the day is what a closure takes.
      const date = holiday.date.slice(0, 10)
      if (holiday.type !== 'public' || date < from || date > to) continue
      const names = byDate.get(date) ?? []
      if (!names.includes(holiday.name)) byDate.set(date, [...names, holiday.name])
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, names]) => ({ date, name: names.join(' / ').slice(0, LIMITS.closure.reason) }))
}
