import { relations, sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'

// Limits are written as literals here on purpose: a migration must not change when a
// constant in src/shared moves. db/limits.test.ts checks they still agree with LIMITS.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/* ---------- accounts (better-auth's tables; the spec's profiles and user_roles, see ADR 0004) ---------- */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  // The spec's profiles.full_name.
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // The spec's profiles.approved: false means pending.
  approved: boolean('approved').notNull().default(false),
  // The spec's user_roles.role, kept where better-auth's admin plugin reads it.
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
)

// Lets better-auth read a session and its user in one query (advanced.database.joins).
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}))
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }))

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
)

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}))

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
)

// Sign-in and sign-up attempts live in the database, not in memory, so that the limits hold
// across app instances. A sign-in's row is taken before its password is checked and removed
// when the password was right, so what remains in the window are the failures (and attempts
// still being checked).
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['sign_in', 'sign_up'] }).notNull(),
    // The lower-cased email a sign-in names; null for sign-ups, which are limited per address.
    account: text('account'),
    address: text('address').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_attempts_account_idx').on(table.kind, table.account, table.attemptedAt),
    index('auth_attempts_address_idx').on(table.kind, table.address, table.attemptedAt),
    check('auth_attempts_kind', sql`${table.kind} IN ('sign_in', 'sign_up')`),
  ],
)

/* ---------- facilities and spaces ---------- */

export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    address: varchar('address', { length: 200 }),
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (table) => [
    index('facilities_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    check('facilities_name_not_blank', sql`btrim(${table.name}) <> ''`),
  ],
)

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    type: text('type').notNull(),
    capacity: integer('capacity'),
    description: varchar('description', { length: 500 }),
    operatingStartTime: time('operating_start_time').notNull().default('09:00'),
    operatingEndTime: time('operating_end_time').notNull().default('22:00'),
    bookingInterval: integer('booking_interval').notNull().default(30),
    createdAt: createdAt(),
  },
  (table) => [
    index('rooms_facility_id_idx').on(table.facilityId),
    check('rooms_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('rooms_type_valid', sql`${table.type} in ('room', 'rink', 'court', 'field', 'change_room')`),
    check('rooms_capacity_positive', sql`${table.capacity} is null or ${table.capacity} >= 1`),
    check('rooms_operating_hours_ordered', sql`${table.operatingEndTime} > ${table.operatingStartTime}`),
    check('rooms_booking_interval_valid', sql`${table.bookingInterval} in (15, 30, 60, 90, 120)`),
  ],
)

/* ---------- clients and hour contracts ---------- */

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 50 }),
    secondaryPhone: varchar('secondary_phone', { length: 50 }),
    company: varchar('company', { length: 100 }),
    address: varchar('address', { length: 200 }),
    city: varchar('city', { length: 100 }),
    provinceState: varchar('province_state', { length: 50 }),
    postalCode: varchar('postal_code', { length: 20 }),
    country: varchar('country', { length: 50 }),
    website: varchar('website', { length: 255 }),
    notes: varchar('notes', { length: 500 }),
    createdAt: createdAt(),
  },
  (table) => [
    index('clients_user_id_name_idx').on(table.userId, table.name),
    check('clients_name_not_blank', sql`btrim(${table.name}) <> ''`),
  ],
)

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // no action: a client's contracts go only through the client-deletion service (ADR 0006);
    // unlike restrict it is checked at the end of the statement, so deleting a user still cascades.
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'no action' }),
    startDate: date('start_date').notNull(),
    // numeric, never float: hours are money-like and must add up exactly.
    totalHours: numeric('total_hours', { precision: 10, scale: 2 }).notNull(),
    // What the contract editor set by hand beyond the ledger; hours used = this + the usage rows (ADR 0007).
    hoursAdjustment: numeric('hours_adjustment', { precision: 10, scale: 2 }).notNull().default('0'),
    status: text('status').notNull().default('active'),
    notes: varchar('notes', { length: 500 }),
    createdAt: createdAt(),
  },
  (table) => [
    index('contracts_client_id_status_idx').on(table.clientId, table.status, table.startDate.desc()),
    index('contracts_user_id_idx').on(table.userId),
    check('contracts_total_hours_positive', sql`${table.totalHours} > 0`),
    check('contracts_status_valid', sql`${table.status} in ('active', 'expired', 'completed')`),
  ],
)

/* ---------- scheduling ---------- */

export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    // 100 typed characters plus a ' (Part 1)' suffix when split at midnight.
    title: varchar('title', { length: 109 }).notNull(),
    description: varchar('description', { length: 500 }),
    startTime: timestamp('start_time', { withTimezone: true, precision: 3 }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, precision: 3 }).notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#3b82f6'),
    eventType: text('event_type').notNull().default('practice'),
    team1Name: varchar('team1_name', { length: 100 }),
    team2Name: varchar('team2_name', { length: 100 }),
    changeRoom1Id: uuid('change_room1_id').references(() => rooms.id, { onDelete: 'set null' }),
    changeRoom2Id: uuid('change_room2_id').references(() => rooms.id, { onDelete: 'set null' }),
    // set null: deleting a client keeps the schedule's history (ADR 0006).
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    eventGroupId: uuid('event_group_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The exclusion constraint (no overlap per room) is added by the custom migration 0001.
    index('schedules_room_id_start_time_idx').on(table.roomId, table.startTime),
    index('schedules_event_group_id_idx').on(table.eventGroupId),
    index('schedules_client_id_idx').on(table.clientId),
    check('schedules_title_not_blank', sql`btrim(${table.title}) <> ''`),
    check('schedules_end_after_start', sql`${table.endTime} > ${table.startTime}`),
    // An event crosses midnight at most once (spec: two parts only), and range queries rely on
    // it: whatever overlaps an instant started at most a day before it.
    check('schedules_at_most_a_day', sql`${table.endTime} - ${table.startTime} <= interval '24 hours'`),
    check('schedules_event_type_valid', sql`${table.eventType} in ('practice', 'game')`),
    check('schedules_color_hex', sql`${table.color} ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'`),
  ],
)

export const contractUsage = pgTable(
  'contract_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    usageDate: date('usage_date').notNull(),
    hoursLogged: numeric('hours_logged', { precision: 10, scale: 2 }).notNull(),
    description: varchar('description', { length: 500 }),
    // A charged event's row goes with the event, and its hours with it (ADR 0007).
    scheduleId: uuid('schedule_id').references(() => schedules.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('contract_usage_contract_id_idx').on(table.contractId, table.usageDate.desc()),
    uniqueIndex('contract_usage_schedule_id_idx').on(table.scheduleId),
    check('contract_usage_hours_positive', sql`${table.hoursLogged} > 0`),
  ],
)

/* ---------- display screens ---------- */

// Every address a screen ever had, kept after the screen is deleted: a lobby TV still pointed at
// it must never show another operator's schedule (migration 0009). A trigger on screens adds the
// row; nothing removes it but the owner's account going. userId is the one column that says who
// owns an address.
export const boardAddresses = pgTable(
  'board_addresses',
  {
    slug: text('slug').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The target of the screens' (slug, user_id) foreign key.
  (table) => [uniqueIndex('board_addresses_slug_user_id_idx').on(table.slug, table.userId)],
)

export const screens = pgTable(
  'screens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    location: varchar('location', { length: 100 }),
    size: varchar('size', { length: 50 }),
    // Unique across all operators: the slug is the board's public address.
    slug: text('slug').notNull().unique(),
    theme: text('theme').notNull().default('dark'),
    logoUrl: text('logo_url'),
    showTicker: boolean('show_ticker').notNull().default(true),
    tickerText: varchar('ticker_text', { length: 500 })
      .notNull()
      .default('Welcome to our facility! We are glad to have you here. Enjoy your visit!'),
    createdAt: createdAt(),
  },
  (table) => [
    index('screens_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    check('screens_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('screens_theme_valid', sql`${table.theme} in ('dark', 'light')`),
    check('screens_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    // A screen may only take an address its own operator holds.
    foreignKey({
      name: 'screens_board_address_fk',
      columns: [table.slug, table.userId],
      foreignColumns: [boardAddresses.slug, boardAddresses.userId],
    }),
  ],
)

export const screenRooms = pgTable(
  'screen_rooms',
  {
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    color: varchar('color', { length: 7 }).notNull().default('#3b82f6'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.screenId, table.roomId] }),
    index('screen_rooms_room_id_idx').on(table.roomId),
    check('screen_rooms_color_hex', sql`${table.color} ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'`),
  ],
)

// Logos live in the database so every app instance can serve them (ADR 0008).
export const screenLogos = pgTable('screen_logos', {
  screenId: uuid('screen_id')
    .primaryKey()
    .references(() => screens.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  // Part of the public URL, so a new logo gets a new address and caches stay correct.
  version: text('version').notNull(),
  createdAt: createdAt(),
})

/* ---------- setup wizard (ADR 0010) ---------- */

// What the wizard has done for an operator. Skipping a step, and which screens and client a
// step created, exist nowhere else in the data; everything else is read from the rows themselves.
export const setupRuns = pgTable(
  'setup_runs',
  {
    // One wizard at a time per operator; starting again after finishing replaces the row.
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Deleting the facility ends the run, and the wizard starts again at step 1.
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    // The rows each step created. Arrays hold no foreign keys: a row deleted since no longer
    // joins, and the step it came from counts as not done.
    spaceIds: uuid('space_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    changeRoomIds: uuid('change_room_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    screenIds: uuid('screen_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    skippedSteps: integer('skipped_steps')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('setup_runs_facility_id_idx').on(table.facilityId),
    index('setup_runs_client_id_idx').on(table.clientId),
    // Only the optional steps can be skipped.
    check('setup_runs_skippable_steps', sql`${table.skippedSteps} <@ '{3,4,5,6}'::integer[]`),
  ],
)

/* ---------- readiness ---------- */

// One row, rewritten by every /healthz: answering reads is not enough, the database must take a write.
export const healthProbe = pgTable(
  'health_probe',
  {
    id: integer('id').primaryKey(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('health_probe_single_row', sql`${table.id} = 1`)],
)
