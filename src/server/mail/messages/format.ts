// How a message words an instant: in the facility's zone, readable, with the zone named, e.g.
// 'Sat, Jan 2, 2027, 6:00 PM – 7:00 PM (America/Toronto)'. A booking that ends on another local
// day (one split at midnight) names the end's date too.

const formatters = new Map<string, { dateTime: Intl.DateTimeFormat; time: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>()

function formattersOf(timeZone: string) {
  let found = formatters.get(timeZone)
  if (!found) {
    const base = { timeZone, hour: 'numeric', minute: '2-digit' } as const
    found = {
      dateTime: new Intl.DateTimeFormat('en-US', { ...base, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', base),
      day: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    }
    formatters.set(timeZone, found)
  }
  return found
}

// ICU puts a narrow no-break space before AM/PM, which some mail readers show as a box.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

export function formatTimeRange(start: Date, end: Date, timeZone: string): string {
  const { dateTime, time, day } = formattersOf(timeZone)
  const sameDay = day.format(start) === day.format(end)
  const ending = sameDay ? time.format(end) : dateTime.format(end)
  return plainSpaces(`${dateTime.format(start)} – ${ending} (${timeZone})`)
}

export function formatInstant(instant: Date, timeZone: string): string {
  return plainSpaces(`${formattersOf(timeZone).dateTime.format(instant)} (${timeZone})`)
}
