// Wall-clock times of day as 'HH:MM', the shape of operating hours and of the event form's start time.
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/

export const MINUTES_PER_DAY = 24 * 60

/**
 * A space's closing time in minutes after the midnight that opens its day. A closing of '00:00'
 * (12:00 AM) is the midnight that ends the day, so a space can stay open until midnight.
 */
export function parseClosingTime(time: string): number {
  const minutes = parseTimeOfDay(time)
  return minutes === 0 ? MINUTES_PER_DAY : minutes
}

export function parseTimeOfDay(time: string): number {
  const match = TIME_OF_DAY.exec(time)
  if (!match) throw new RangeError(`Expected a time as HH:MM, got "${time}"`)
  return Number(match[1]) * 60 + Number(match[2])
}

export function formatTimeOfDay(minutesSinceMidnight: number): string {
  const hours = Math.floor(minutesSinceMidnight / 60)
  const minutes = minutesSinceMidnight % 60
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}
