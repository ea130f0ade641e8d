import { localDayRange, todayInZone } from '@shared/scheduling/local-day'
import type { PublicBoardClosure } from '@shared/screens/public-board'
import { formatTimesOnDay } from '@web/lib/datetime'

/** A closure as the lobby reads it: 'Closed: Christmas Day' and 'All day', 'Until 2:00 PM', 'From 6:00 AM' or '6:00 AM - 2:00 PM'. */
export type ClosureLine = { label: string; times: string; isOn: boolean }

/** The room's closures still to come today or on now, each with its times on today's wall clock in `timeZone`. */
export function describeClosures(closures: readonly PublicBoardClosure[], now: Date, timeZone: string): ClosureLine[] {
  const today = localDayRange(todayInZone(timeZone, now), timeZone)
  return closures
    .filter((closure) => new Date(closure.endTime) > now)
    .map((closure) => ({
      label: `Closed: ${closure.reason}`,
      times: formatTimesOnDay(closure.startTime, closure.endTime, today, timeZone),
      isOn: new Date(closure.startTime) <= now,
    }))
}
