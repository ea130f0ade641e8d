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

/**
 * '6:00 AM' (or '6:00' with `period: false`) for minutes after midnight: the words the shared
 * rules use in their messages, the app's 12-hour clock. Instants are formatted by the web's
 * datetime module and the server's conflict messages; this is only a time of day.
 */
export function labelTimeOfDay(minutesSinceMidnight: number, { period = true }: { period?: boolean } = {}): string {
  const minutes = ((Math.round(minutesSinceMidnight) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  const hours24 = Math.floor(minutes / 60)
  const clock = `${hours24 % 12 === 0 ? 12 : hours24 % 12}:${String(minutes % 60).padStart(2, '0')}`
  return period ? `${clock} ${hours24 < 12 ? 'AM' : 'PM'}` : clock
}
