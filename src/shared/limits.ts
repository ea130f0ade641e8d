// Every business constant of the spec (docs/product.md#across-the-app) lives here, so the forms, the API and the
// database migrations read one number instead of repeating it.
export const LIMITS = {
  password: {
    minLength: 6,
    // Not in the spec: argon2 hashing time grows with input, so a cap keeps sign-up cheap to refuse.
    maxLength: 128,
  },
  profile: { fullName: 100, email: 255 },
  // Not in the spec: an organisation's name is shown like a facility's (docs/product.md#teams).
  organisation: { name: 100, invitationDays: 7, defaultNameSuffix: "'s organisation" },
  facility: {
    name: 100,
    address: 200,
    description: 500,
    defaultTimeZone: 'UTC',
    // 'Change room time': minutes an event holds its change rooms before and after it.
    changeRoomMinutesMax: 60,
    defaultChangeRoomMinutes: 0,
    // 'Hold requests for': hours a renter's request holds its slot unanswered before it expires.
    // 'Release until': hours before its start that an upcoming booking can still be released.
    // The facilities table checks the same ranges (docs/product.md#renters).
    holdRequestsHours: { default: 24, min: 1, max: 336 },
    releaseUntilHours: { default: 48, min: 0, max: 720 },
  },
  room: {
    name: 100,
    description: 500,
    capacityMin: 1,
    // Not in the spec: no space holds more, and the integer column ends at 2,147,483,647.
    capacityMax: 100_000,
    defaultOperatingStart: '09:00',
    defaultOperatingEnd: '22:00',
    bookingIntervalOptions: [15, 30, 60, 90, 120],
    defaultBookingInterval: 30,
    // Minutes a space stays blocked after each booking made in it: a resurface, a reset.
    changeoverOptions: [0, 5, 10, 15, 20, 30],
    defaultChangeover: 0,
    // Linked spaces: building → sheet → half → quarter. Deeper trees describe no venue we know of,
    // and each level multiplies the rows a booking of the top space holds (ADR 0024).
    maxTreeDepth: 4,
  },
  event: {
    title: 100,
    // A split part carries ' (Part 1)' or ' (Part 2)' after a full-length title, so columns need room for it.
    storedTitle: 100 + ' (Part 1)'.length,
    description: 500,
    // Not in the spec: team names are shown on lobby boards, so they share the title limit.
    teamName: 100,
    defaultColor: '#3b82f6',
    defaultType: 'practice',
    durationMultiples: 12,
    // At most 24 hours, so an event crosses midnight at most once and splits into two parts only.
    maxDurationMinutes: 24 * 60,
  },
  recurrence: { maxOccurrences: 365 },
  // Not in the spec: every date and instant the API accepts lies in these years (docs/product.md#across-the-app).
  // Far beyond any real booking or contract, and well inside what PostgreSQL and the time-zone maths hold.
  dates: { earliestYear: 2000, latestYear: 2100 },
  // Not in the spec: a closure longer than a year is a facility that has shut, and one that long
  // would hold every booking of its spaces in one transaction when its events are cancelled.
  closure: { reason: 100, maxDays: 366, listLimit: 200 },
  // Not in the spec: the All Events search is a few words, not a document.
  eventsList: { limit: 50, search: 100 },
  calendar: { dayViewFirstHour: 6, dayViewLastHour: 23, monthCellEvents: 3 },
  screen: {
    name: 100,
    location: 100,
    size: 50,
    tickerText: 500,
    logoMaxBytes: 5 * 1024 * 1024,
    defaultTheme: 'dark',
    defaultShowTicker: true,
    defaultRoomColor: '#3b82f6',
  },
  display: { refreshIntervalMs: 2 * 60 * 1000, clockTickMs: 1000 },
  client: {
    name: 100,
    email: 255,
    phone: 50,
    secondaryPhone: 50,
    company: 100,
    address: 200,
    city: 100,
    provinceState: 50,
    postalCode: 20,
    country: 50,
    website: 255,
    notes: 500,
  },
  // 'Import Clients' keeps its file's ceiling (IMPORT_LIMITS) in clients/import.ts: every page
  // loads this file, and only the import reads that ceiling (docs/benchmarks.md: the budgets).
  contract: {
    // Not in the spec: what the rink calls the contract (ADR 0049).
    name: 100,
    notes: 500,
    hoursStep: 0.01,
    idDisplayLength: 8,
    // Not in the spec: larger values are typos, and they would overflow a numeric(10,2) column.
    maxHours: 100_000,
    // Not in the spec: the spaces a contract can be limited to (ADR 0029); more is a request no form makes.
    maxScopeSpaces: 500,
  },
  usage: { hoursStep: 0.25, hoursMin: 0.25, description: 500 },
  marketing: {
    hoursAheadMin: 1,
    hoursAheadMax: 12,
    hoursAheadStep: 1,
    hoursAheadDefault: 4,
    fallbackBookingInterval: 30,
  },
  // Not in the spec: outgoing email (docs/product.md#email). perOrganisationPerHour is the default
  // of MAIL_PER_ORGANISATION_PER_HOUR; a selloff goes to at most recipientsPerSend clients at once.
  mail: { subject: 200, body: 20_000, recipientsPerSend: 2_000, perOrganisationPerHour: 500, pageSize: 50 },
  // Not in the spec: Find Ice looks a season's weeks ahead, not years, and a page of slots is read, not exported.
  findIce: { weeksDefault: 4, weeksMax: 12, maxResults: 300 },
  // Reports and exports keep their limits (REPORT_LIMITS) in reports/limits.ts, for the same reason.
  wizard: {
    steps: 6,
    // Not in the spec: a cap per batch, so one request cannot insert thousands of rows.
    maxRowsPerStep: 50,
  },
} as const

export type BookingInterval = (typeof LIMITS.room.bookingIntervalOptions)[number]
export type ChangeoverMinutes = (typeof LIMITS.room.changeoverOptions)[number]

export const ROOM_TYPES = ['room', 'rink', 'court', 'field', 'change_room'] as const
export type RoomType = (typeof ROOM_TYPES)[number]
export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  room: 'Room',
  rink: 'Rink',
  court: 'Court',
  field: 'Field',
  change_room: 'Change Room',
}

export const EVENT_TYPES = ['practice', 'game'] as const
export type EventType = (typeof EVENT_TYPES)[number]
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  practice: 'Practice',
  game: 'Game',
}

export const CONTRACT_STATUSES = ['active', 'expired', 'completed'] as const
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  completed: 'Completed',
}

export const SCREEN_THEMES = ['dark', 'light'] as const
export type ScreenTheme = (typeof SCREEN_THEMES)[number]
export const SCREEN_THEME_LABELS: Record<ScreenTheme, string> = {
  dark: 'Dark',
  light: 'Light',
}

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number]
