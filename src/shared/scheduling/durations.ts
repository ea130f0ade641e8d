import { LIMITS } from '@shared/limits'
import { formatTimeOfDay, parseClosingTime, parseTimeOfDay } from './time-of-day'

export interface DurationOption {
  minutes: number
  /** 'N min' below an hour, otherwise 'N hr' or 'N hrs' (docs/product.md#events). */
  label: string
}

/** The event form's duration choices: 1 to 12 multiples of the room's booking interval. */
export function durationOptions(interval: number): DurationOption[] {
  return Array.from({ length: LIMITS.event.durationMultiples }, (_, index) => {
    const minutes = interval * (index + 1)
    return { minutes, label: labelDuration(minutes) }
  })
}

function labelDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const hours = Math.round((minutes / 60) * 100) / 100
  return `${hours} ${hours === 1 ? 'hr' : 'hrs'}`
}

/** Start times 'HH:MM' from the operating start in steps of the interval, while before the operating end. */
export function startTimeOptions(operatingStart: string, operatingEnd: string, interval: number): string[] {
  if (!(interval > 0)) throw new RangeError(`Expected a positive interval, got ${interval}`)
  const first = parseTimeOfDay(operatingStart)
  const end = parseClosingTime(operatingEnd)
  const options: string[] = []
  for (let minutes = first; minutes < end; minutes += interval) options.push(formatTimeOfDay(minutes))
  return options
}

const MS_PER_HUNDREDTH_HOUR = 36_000

/**
 * Decimal hours between two instants, rounded to 2 places, as a string for a numeric column.
 * Built from whole hundredths so that no binary fraction such as 0.1 + 0.2 leaks into the ledger.
 */
export function hoursForDuration(start: Date, end: Date): string {
  const milliseconds = end.getTime() - start.getTime()
  if (milliseconds < 0) throw new RangeError('The end is before the start')
  const hundredths = Math.round(milliseconds / MS_PER_HUNDREDTH_HOUR)
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`
}
