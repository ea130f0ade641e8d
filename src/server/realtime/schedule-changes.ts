// The channel the triggers in sql/ notify on. A payload names what a write touched,
// as '<kind>:<id>'; a board depends on a set of these keys.
export const SCHEDULE_CHANGES_CHANNEL = 'schedule_changes'

// 'timeline:<facility id>': a booking of a facility whose timeline someone watches (ADR 0030).
export type ChangeKey = `${'room' | 'screen' | 'facility' | 'slug' | 'timeline'}:${string}`

export const changeKeys = {
  room: (id: string): ChangeKey => `room:${id}`,
  screen: (id: string): ChangeKey => `screen:${id}`,
  facility: (id: string): ChangeKey => `facility:${id}`,
  slug: (slug: string): ChangeKey => `slug:${slug}`,
}
