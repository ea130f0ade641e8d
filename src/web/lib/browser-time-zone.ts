// The browser's zone, apart from datetime.ts so that what needs only the zone (a new facility's
// default) does not load date-fns with it (ADR 0052).
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
