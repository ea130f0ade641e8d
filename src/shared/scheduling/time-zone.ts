// Facilities store an IANA zone name. Fixed offsets such as '+05:00' are refused on purpose:
// they carry no DST rules, so a facility in one would drift by an hour twice a year.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

export function isValidTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false
  try {
    // Browsers report legacy links such as 'Asia/Calcutta' that supportedValuesOf does not list,
    // so acceptance by the engine is the test rather than membership of that list.
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** The zones to offer in a picker, UTC first (some engines leave it out of their list). */
export function timeZoneOptions(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
}
