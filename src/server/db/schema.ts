import { relations, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  unique,
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

export const users = pgTable(
  'users',
  {
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
    // Set by the administrator's revoke, cleared only by their approval; a revoked account is never
    // approved (users_revoked_not_approved, users_revoked_stays_revoked: migration 0032, ADR 0042).
    revoked: boolean('revoked').notNull().default(false),
    // An account made through a portal invitation: a renter's, never in the approvals and never
    // approved as an operator (users_portal_only_not_approved, migration 0041, ADR 0063).
    portalOnly: boolean('portal_only').notNull().default(false),
    // The organisation the account last chose to work in; kept across sign-ins (ADR 0021).
    activeOrganisationId: uuid('active_organisation_id').references((): AnyPgColumn => organisations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('users_revoked_not_approved', sql`not (${table.revoked} and ${table.approved})`),
    check('users_portal_only_not_approved', sql`not (${table.portalOnly} and ${table.approved})`),
  ],
)

/* ---------- organisations (docs/product.md#teams, ADR 0021) ---------- */

// An organisation owns every facility, space, event, client, contract, usage line and screen.
// Each tenant table carries organisation_id, and its keys, foreign keys and hot indexes lead
// with it, so the rows of one organisation stay together (docs/scaling.md).
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    // Billing (migration 0040): the ISO 4217 currency of every price, invoice and payment, and
    // the days an issued invoice is due after its issue date.
    currency: text('currency').notNull().default('CAD'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    createdAt: createdAt(),
  },
  (table) => [
    check('organisations_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('organisations_currency_valid', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('organisations_payment_terms_valid', sql`${table.paymentTermsDays} >= 0 and ${table.paymentTermsDays} <= 365`),
  ],
)

// Who belongs to an organisation, and in which role. Migration 0011's triggers keep at least one
// Owner while the organisation exists, and delete an organisation its last member leaves by
// losing their account.
export const memberships = pgTable(
  'memberships',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'manager', 'scheduler', 'front_desk'] }).notNull(),
    // The joined date the Team page shows.
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    index('memberships_user_id_idx').on(table.userId, table.createdAt),
    check('memberships_role_valid', sql`${table.role} in ('owner', 'manager', 'scheduler', 'front_desk')`),
  ],
)

// An invitation's link carries its organisation's id and a secret; only the secret's hash is
// stored, so the table alone cannot be used to join.
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'scheduler', 'front_desk'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    // Withdrawn on the Team page, or by the inviter's removal or demotion (migration 0032).
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('invitations_used_or_withdrawn', sql`${table.acceptedAt} is null or ${table.withdrawnAt} is null`),
    uniqueIndex('invitations_organisation_id_token_hash_idx').on(table.organisationId, table.tokenHash),
    index('invitations_organisation_id_created_at_idx').on(table.organisationId, table.createdAt.desc()),
    check('invitations_role_valid', sql`${table.role} in ('owner', 'manager', 'scheduler', 'front_desk')`),
  ],
)

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

/**
 * "Forgot password?" requests (docs/product.md#accounts). Every request takes a row, so the
 * per-address limit counts them all; one naming no account keeps a null user_id and only counts.
 * A request waits on /admin until an administrator makes the account a reset link.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('password_reset_requests_user_idx').on(table.userId, table.requestedAt),
    index('password_reset_requests_address_idx').on(table.address, table.requestedAt),
  ],
)

/* ---------- facilities and spaces ---------- */

export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    address: varchar('address', { length: 200 }),
    timeZone: text('time_zone').notNull().default('UTC'),
    // 'Change room time': minutes an event holds its change rooms before its start and after its
    // end, for bookings made from then on (change_room_holds, migration 0015).
    changeRoomMinutes: integer('change_room_minutes').notNull().default(0),
    // 'Prime time' (migration 0040): weekday and weekend hours that rates and reports split
    // bookings by; an end of 00:00 is the midnight that ends the day.
    primeWeekdayStart: time('prime_weekday_start').notNull().default('16:00'),
    primeWeekdayEnd: time('prime_weekday_end').notNull().default('22:00'),
    primeWeekendStart: time('prime_weekend_start').notNull().default('07:00'),
    primeWeekendEnd: time('prime_weekend_end').notNull().default('22:00'),
    // The renters' portal (migration 0041): how long a request holds its slot unanswered, and how
    // many hours before its start a booking may still be released.
    holdRequestsHours: integer('hold_requests_hours').notNull().default(24),
    releaseUntilHours: integer('release_until_hours').notNull().default(48),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'facilities_prime_weekday_ordered',
      sql`${table.primeWeekdayEnd} > ${table.primeWeekdayStart} or ${table.primeWeekdayEnd} = '00:00'`,
    ),
    check(
      'facilities_prime_weekend_ordered',
      sql`${table.primeWeekendEnd} > ${table.primeWeekendStart} or ${table.primeWeekendEnd} = '00:00'`,
    ),
    check('facilities_hold_requests_hours_valid', sql`${table.holdRequestsHours} >= 1 and ${table.holdRequestsHours} <= 336`),
    check('facilities_release_until_hours_valid', sql`${table.releaseUntilHours} >= 0 and ${table.releaseUntilHours} <= 720`),
    uniqueIndex('facilities_organisation_id_id_idx').on(table.organisationId, table.id),
    index('facilities_organisation_id_created_at_idx').on(table.organisationId, table.createdAt.desc()),
    check('facilities_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('facilities_change_room_minutes_valid', sql`${table.changeRoomMinutes} >= 0 and ${table.changeRoomMinutes} <= 60`),
  ],
)

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    type: text('type').notNull(),
    capacity: integer('capacity'),
    description: varchar('description', { length: 500 }),
    operatingStartTime: time('operating_start_time').notNull().default('09:00'),
    operatingEndTime: time('operating_end_time').notNull().default('22:00'),
    bookingInterval: integer('booking_interval').notNull().default(30),
    // Linked spaces (ADR 0024): the whole this space is a part of. Booking a space blocks its
    // wholes and its parts; the rooms_tree trigger keeps the tree within one facility, free of
    // loops and change rooms, and space_occupancy holds the guarantee.
    parentId: uuid('parent_id'),
    // Minutes blocked after each booking made from now on (copied to the booking when made).
    changeoverMinutes: integer('changeover_minutes').notNull().default(0),
    // 'Accept requests' (migration 0041): renters may request this space from the portal.
    acceptsRequests: boolean('accepts_requests').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('rooms_organisation_id_id_idx').on(table.organisationId, table.id),
    index('rooms_organisation_id_facility_id_idx').on(table.organisationId, table.facilityId),
    index('rooms_parent_id_idx').on(table.organisationId, table.parentId),
    foreignKey({
      name: 'rooms_facility_fk',
      columns: [table.organisationId, table.facilityId],
      foreignColumns: [facilities.organisationId, facilities.id],
    }).onDelete('cascade'),
    // no action: deleting a whole decides what becomes of its parts (the rooms service); checked
    // at the end of the statement, so a facility's rooms still go together when it is deleted.
    foreignKey({
      name: 'rooms_parent_fk',
      columns: [table.organisationId, table.parentId],
      foreignColumns: [table.organisationId, table.id],
    }).onDelete('no action'),
    check('rooms_not_own_parent', sql`${table.parentId} is distinct from ${table.id}`),
    check('rooms_changeover_valid', sql`${table.changeoverMinutes} in (0, 5, 10, 15, 20, 30)`),
    check('rooms_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('rooms_type_valid', sql`${table.type} in ('room', 'rink', 'court', 'field', 'change_room')`),
    check('rooms_capacity_positive', sql`${table.capacity} is null or ${table.capacity} >= 1`),
    // A closing of 00:00 is the midnight that ends the day (migration 0035).
    check(
      'rooms_operating_hours_ordered',
      sql`${table.operatingEndTime} > ${table.operatingStartTime} or ${table.operatingEndTime} = '00:00'`,
    ),
    check('rooms_booking_interval_valid', sql`${table.bookingInterval} in (15, 30, 60, 90, 120)`),
  ],
)

/* ---------- closures ---------- */

// A facility, or one space with its parts, closed from start_time to end_time (ADR 0026). A
// booking that would use a closed space then is refused by schedules_occupy; adding a closure
// takes the rows of the spaces it closes, as bookings do, so the two never miss each other.
export const closures = pgTable(
  'closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    // Null: the whole facility.
    roomId: uuid('room_id'),
    reason: varchar('reason', { length: 100 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true, precision: 3 }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('closures_organisation_id_id_idx').on(table.organisationId, table.id),
    // A booking asks its facility's closures that end after it starts.
    index('closures_facility_end_idx').on(table.organisationId, table.facilityId, table.endTime),
    index('closures_room_idx').on(table.organisationId, table.roomId),
    foreignKey({
      name: 'closures_facility_fk',
      columns: [table.organisationId, table.facilityId],
      foreignColumns: [facilities.organisationId, facilities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'closures_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    check('closures_ordered', sql`${table.endTime} > ${table.startTime}`),
    check('closures_reason_not_blank', sql`btrim(${table.reason}) <> ''`),
    check('closures_at_most_a_year', sql`${table.endTime} - ${table.startTime} <= interval '366 days 1 hour'`),
  ],
)

/**
 * Facilities whose timeline someone has open (ADR 0030): their events' changes are announced
 * until `expires_at`, which the open timeline streams keep pushing forward. A facility nobody
 * watches costs its bookings no notification.
 */
export const timelineWatches = pgTable(
  'timeline_watches',
  {
    organisationId: uuid('organisation_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.facilityId] }),
    foreignKey({
      name: 'timeline_watches_facility_fk',
      columns: [table.organisationId, table.facilityId],
      foreignColumns: [facilities.organisationId, facilities.id],
    }).onDelete('cascade'),
  ],
)

/* ---------- clients and hour contracts ---------- */

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
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
    // 'Email booking confirmations' (docs/product.md#email); migration 0038.
    emailConfirmations: boolean('email_confirmations').notNull().default(true),
    // Set when the client unsubscribes from marketing; they are never sent marketing again.
    marketingUnsubscribedAt: timestamp('marketing_unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('clients_organisation_id_id_idx').on(table.organisationId, table.id),
    index('clients_organisation_id_name_idx').on(table.organisationId, table.name),
    check('clients_name_not_blank', sql`btrim(${table.name}) <> ''`),
  ],
)

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // no action (contracts_client_fk): a client's contracts go only through the client-deletion
    // service (ADR 0006); unlike restrict it is checked at the end of the statement, so deleting
    // an organisation still cascades.
    clientId: uuid('client_id').notNull(),
    // What the rink calls it ('2026–27 Season'), ADR 0049.
    name: varchar('name', { length: 100 }).notNull(),
    startDate: date('start_date').notNull(),
    // The last day it charges bookings (each charge by its date); none: it runs on (ADR 0049).
    endDate: date('end_date'),
    // numeric, never float: hours are money-like and must add up exactly.
    totalHours: numeric('total_hours', { precision: 10, scale: 2 }).notNull(),
    // What the contract editor set by hand beyond the ledger; hours used = this + the usage rows (ADR 0014).
    hoursAdjustment: numeric('hours_adjustment', { precision: 10, scale: 2 }).notNull().default('0'),
    status: text('status').notNull().default('active'),
    notes: varchar('notes', { length: 500 }),
    // Where the contract applies (ADR 0029): 'all' spaces, the space types listed here, or the
    // spaces in contract_spaces. A booking elsewhere is charged to the next contract that applies.
    appliesTo: text('applies_to').notNull().default('all'),
    appliesToRoomTypes: text('applies_to_room_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A prepaid contract's price in minor units (migration 0040): invoiced once, and the bookings
    // it covers bill at 0. Null: the contract counts hours only.
    prepaidPriceMinor: bigint('prepaid_price_minor', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'contracts_prepaid_price_valid',
      sql`${table.prepaidPriceMinor} is null or (${table.prepaidPriceMinor} >= 0 and ${table.prepaidPriceMinor} <= 100000000000)`,
    ),
    uniqueIndex('contracts_organisation_id_id_idx').on(table.organisationId, table.id),
    index('contracts_client_id_status_idx').on(table.organisationId, table.clientId, table.status, table.startDate.desc()),
    foreignKey({
      name: 'contracts_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('no action'),
    check('contracts_total_hours_positive', sql`${table.totalHours} > 0`),
    check('contracts_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('contracts_end_after_start', sql`${table.endDate} >= ${table.startDate}`),
    check('contracts_status_valid', sql`${table.status} in ('active', 'expired', 'completed')`),
    check('contracts_applies_to_valid', sql`${table.appliesTo} in ('all', 'types', 'spaces')`),
    // Only bookable types (a change room is never booked), and a list exactly when the scope is by type.
    check(
      'contracts_applies_to_room_types_valid',
      sql`${table.appliesToRoomTypes} <@ array['room', 'rink', 'court', 'field']::text[] and (${table.appliesTo} = 'types') = (cardinality(${table.appliesToRoomTypes}) > 0)`,
    ),
  ],
)

/**
 * The spaces a contract limited to chosen spaces applies to (ADR 0029). Both keys lead with the
 * organisation, so a contract can only name its own organisation's spaces; deleting a space takes
 * it out of every scope, and a contract left with none applies nowhere.
 */
export const contractSpaces = pgTable(
  'contract_spaces',
  {
    organisationId: uuid('organisation_id').notNull(),
    contractId: uuid('contract_id').notNull(),
    roomId: uuid('room_id').notNull(),
  },
  (table) => [
    primaryKey({ name: 'contract_spaces_pk', columns: [table.organisationId, table.contractId, table.roomId] }),
    // A space's deletion finds its scope rows through this.
    index('contract_spaces_room_id_idx').on(table.organisationId, table.roomId),
    foreignKey({
      name: 'contract_spaces_contract_fk',
      columns: [table.organisationId, table.contractId],
      foreignColumns: [contracts.organisationId, contracts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contract_spaces_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
  ],
)

/* ---------- scheduling ---------- */

// A recurring booking's rule (docs/product.md#series): its events point at it through
// schedules.series_id. An edit of 'this and following' or 'all' names the version it was based
// on, and the statement that re-plans the events raises it (ADR 0031).
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    // 0 (Sunday) to 6 (Saturday); weekly only.
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'`),
    // The first occurrence's date and the last day one may start on, on the facility's calendar.
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('event_series_organisation_id_id_idx').on(table.organisationId, table.id),
    check('event_series_frequency', sql`${table.frequency} in ('daily', 'weekly', 'monthly')`),
    check('event_series_dates_ordered', sql`${table.endDate} >= ${table.startDate}`),
  ],
)

/**
 * Columns whose one-column rule is a domain's (migration 0028, ADR 0037): PostgreSQL keeps a
 * domain's check parsed for the session, where it reads a table's CHECK constraints afresh for
 * every statement that writes the table, which a booking's and an activity entry's inserts did.
 * The rules are the constraints' that they replace.
 */
const domain = (name: string) => customType<{ data: string; driverData: string }>({ dataType: () => name })
// 100 typed characters plus a ' (Part 1)' suffix when split at midnight, and never blank.
const eventTitle = domain('event_title')
// '#rgb' or '#rrggbb'.
const hexColour = domain('hex_colour')
// 'practice' or 'game'.
const eventType = domain('event_type')

/** What a row of schedules is: only bookings are written today (ADR 0055). */
export const OCCUPANCY_KINDS = ['booking', 'hold', 'claim'] as const
export type OccupancyKind = (typeof OCCUPANCY_KINDS)[number]
export const occupancyKind = pgEnum('occupancy_kind', OCCUPANCY_KINDS)

export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    roomId: uuid('room_id').notNull(),
    title: eventTitle('title').notNull(),
    description: varchar('description', { length: 500 }),
    startTime: timestamp('start_time', { withTimezone: true, precision: 3 }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, precision: 3 }).notNull(),
    color: hexColour('color').notNull().default('#3b82f6'),
    eventType: eventType('event_type').notNull().default('practice'),
    team1Name: varchar('team1_name', { length: 100 }),
    team2Name: varchar('team2_name', { length: 100 }),
    // These three foreign keys lead with organisation_id and set only their own column to null
    // (ON DELETE SET NULL (column), which Drizzle cannot declare): migration 0011 adds them.
    changeRoom1Id: uuid('change_room1_id'),
    changeRoom2Id: uuid('change_room2_id'),
    // set null: deleting a client keeps the schedule's history (ADR 0006).
    clientId: uuid('client_id'),
    eventGroupId: uuid('event_group_id'),
    // The date the event starts on in its facility's zone: the day a month grid counts it under.
    // Set by the trigger schedules_local_date from the room's facility, and rewritten when the
    // facility changes zone (migration 0012); the default only lets an insert leave it out.
    localDate: date('local_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    // The space's changeover when the event was booked or last moved (trigger schedules_changeover):
    // the space stays blocked until end_time plus these minutes (space_occupancy).
    changeoverMinutes: integer('changeover_minutes').notNull().default(0),
    // Its minutes on local_date's wall clock, [start, end) within 0 to 1440, set with local_date
    // by schedules_placed (schedules_wall_minutes); null when they would not be real minutes (the
    // clocks change under it). The Reports page's roll-up counts them (migration 0044).
    localStartMinute: smallint('local_start_minute'),
    localEndMinute: smallint('local_end_minute'),
    // Raised by the trigger schedules_version on every change (migration 0020): an edit names the
    // version it was based on, and a stale one is refused rather than overwriting (ADR 0028).
    version: integer('version').notNull().default(1),
    // The series the event was booked in, if any; its foreign key (ON DELETE SET NULL (series_id))
    // is added by migration 0022. follows_rule turns false once the event is changed by itself:
    // it stays in the series, and edits of the series leave it as it is (ADR 0031).
    seriesId: uuid('series_id'),
    followsRule: boolean('follows_rule').notNull().default(true),
    // What occupies the space (ADR 0055): a booking, or a renter's hold or a waitlist claim to come.
    // All kinds occupy through the same triggers, under the same exclusion constraints.
    kind: occupancyKind('kind').notNull().default('booking'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The exclusion constraint (no overlap per room) is added by the custom migrations 0001 and 0011.
    uniqueIndex('schedules_organisation_id_id_idx').on(table.organisationId, table.id),
    index('schedules_room_id_start_time_idx').on(table.organisationId, table.roomId, table.startTime),
    index('schedules_organisation_id_start_time_idx').on(table.organisationId, table.startTime),
    // Only an event split at midnight has a group; the rest would only fill the index with nulls.
    index('schedules_event_group_id_idx')
      .on(table.organisationId, table.eventGroupId)
      .where(sql`${table.eventGroupId} is not null`),
    // A client's bookings read off this in time order (the client page); it also serves the client's foreign key.
    index('schedules_client_id_start_time_idx').on(table.organisationId, table.clientId, table.startTime),
    index('schedules_series_idx')
      .on(table.organisationId, table.seriesId, table.startTime)
      .where(sql`${table.seriesId} is not null`),
    index('schedules_local_date_idx').on(table.organisationId, table.localDate, table.startTime, table.roomId),
    // The Reports page reads a period's ragged ends off this index alone; its INCLUDE columns are
    // declared in migration 0044, which Drizzle cannot. The bookings without wall minutes are
    // found by the second.
    index('schedules_report_idx')
      .on(table.organisationId, table.localDate)
      .where(sql`${table.kind} = 'booking' and ${table.localStartMinute} is not null`),
    index('schedules_report_clock_change_idx')
      .on(table.organisationId, table.localDate)
      .where(sql`${table.kind} = 'booking' and ${table.localStartMinute} is null`),
    foreignKey({
      name: 'schedules_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    check('schedules_end_after_start', sql`${table.endTime} > ${table.startTime}`),
    // An event crosses midnight at most once (spec: two parts only), and range queries rely on
    // it: whatever overlaps an instant started at most a day before it.
    check('schedules_at_most_a_day', sql`${table.endTime} - ${table.startTime} <= interval '24 hours'`),
    check('schedules_changeover_valid', sql`${table.changeoverMinutes} >= 0 and ${table.changeoverMinutes} <= 60`),
    // Home and away never share a change room (migration 0034, NOT VALID there: older rows stand).
    check(
      'schedules_change_rooms_differ',
      sql`${table.changeRoom1Id} is null or ${table.changeRoom2Id} is null or ${table.changeRoom1Id} <> ${table.changeRoom2Id}`,
    ),
  ],
)

// PostgreSQL's range of instants; written and read as its text form, e.g. '["2026-01-01 10:00+00","2026-01-01 11:10+00")'.
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' })

/**
 * The change rooms each event holds (ADR 0025): one row per change room it names, over its times
 * widened by its facility's change room time. change_room_holds_no_overlap (migration 0015)
 * refuses two events in one change room at once. Rows that already clashed when the rule came are
 * kept as is_legacy, outside the constraint, for the operator to resolve; written by triggers.
 */
export const changeRoomHolds = pgTable(
  'change_room_holds',
  {
    organisationId: uuid('organisation_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    changeRoomId: uuid('change_room_id').notNull(),
    during: tstzrange('during').notNull(),
    isLegacy: boolean('is_legacy').notNull().default(false),
  },
  (table) => [
    primaryKey({ name: 'change_room_holds_pk', columns: [table.organisationId, table.scheduleId, table.changeRoomId] }),
    foreignKey({
      name: 'change_room_holds_schedule_fk',
      columns: [table.organisationId, table.scheduleId],
      foreignColumns: [schedules.organisationId, schedules.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'change_room_holds_change_room_fk',
      columns: [table.organisationId, table.changeRoomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
  ],
)

/**
 * What a booking holds (ADR 0024): one row per space it blocks, the booked space and every part
 * of it, over [start, end + changeover). The exclusion constraint space_occupancy_no_overlap
 * (migration 0014) is the no-double-booking guarantee: two bookings clash exactly when their
 * spaces are one the other's whole or part, so they share a row's space. The rows are written by
 * triggers on schedules and rooms, never by the application.
 */
export const spaceOccupancy = pgTable(
  'space_occupancy',
  {
    organisationId: uuid('organisation_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    unitId: uuid('unit_id').notNull(),
    during: tstzrange('during').notNull(),
  },
  (table) => [
    primaryKey({ name: 'space_occupancy_pk', columns: [table.organisationId, table.scheduleId, table.unitId] }),
    // The exclusion constraint's gist index (organisation_id, unit_id, during) also finds a unit's rows.
    foreignKey({
      name: 'space_occupancy_schedule_fk',
      columns: [table.organisationId, table.scheduleId],
      foreignColumns: [schedules.organisationId, schedules.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'space_occupancy_unit_fk',
      columns: [table.organisationId, table.unitId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
  ],
)

export const contractUsage = pgTable(
  'contract_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    contractId: uuid('contract_id').notNull(),
    usageDate: date('usage_date').notNull(),
    hoursLogged: numeric('hours_logged', { precision: 10, scale: 2 }).notNull(),
    description: varchar('description', { length: 500 }),
    // A charged event's row goes with the event, and its hours with it (ADR 0014).
    scheduleId: uuid('schedule_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('contract_usage_contract_id_idx').on(table.organisationId, table.contractId, table.usageDate.desc()),
    uniqueIndex('contract_usage_schedule_id_idx').on(table.organisationId, table.scheduleId),
    foreignKey({
      name: 'contract_usage_contract_fk',
      columns: [table.organisationId, table.contractId],
      foreignColumns: [contracts.organisationId, contracts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contract_usage_schedule_fk',
      columns: [table.organisationId, table.scheduleId],
      foreignColumns: [schedules.organisationId, schedules.id],
    }).onDelete('cascade'),
    check('contract_usage_hours_positive', sql`${table.hoursLogged} > 0`),
  ],
)

/* ---------- display screens ---------- */

// Every address a screen ever had, kept after the screen is deleted: a lobby TV still pointed at
// it must never show another organisation's schedule (migrations 0009, 0011). A trigger on
// screens adds the row; nothing removes it, not even its organisation going, which leaves it
// with no organisation (migration 0033) so no other can take it. The slug is the primary
// key on its own: addresses are one namespace across all organisations (docs/scaling.md).
export const boardAddresses = pgTable(
  'board_addresses',
  {
    slug: text('slug').primaryKey(),
    // Null once its organisation is deleted: the address stays taken and serves no board.
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The target of the screens' (organisation_id, slug) foreign key.
  (table) => [uniqueIndex('board_addresses_organisation_id_slug_idx').on(table.organisationId, table.slug)],
)

export const screens = pgTable(
  'screens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    location: varchar('location', { length: 100 }),
    size: varchar('size', { length: 50 }),
    // The board's public address: unique across all organisations through board_addresses, whose
    // primary key it is, and the foreign key below.
    slug: text('slug').notNull(),
    theme: text('theme').notNull().default('dark'),
    logoUrl: text('logo_url'),
    showTicker: boolean('show_ticker').notNull().default(true),
    tickerText: varchar('ticker_text', { length: 500 })
      .notNull()
      .default('Welcome to our facility! We are glad to have you here. Enjoy your visit!'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('screens_organisation_id_id_idx').on(table.organisationId, table.id),
    uniqueIndex('screens_organisation_id_slug_idx').on(table.organisationId, table.slug),
    index('screens_organisation_id_created_at_idx').on(table.organisationId, table.createdAt.desc()),
    check('screens_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('screens_theme_valid', sql`${table.theme} in ('dark', 'light')`),
    check('screens_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    // A screen may only take an address its own organisation holds.
    foreignKey({
      name: 'screens_board_address_fk',
      columns: [table.organisationId, table.slug],
      foreignColumns: [boardAddresses.organisationId, boardAddresses.slug],
    }),
  ],
)

export const screenRooms = pgTable(
  'screen_rooms',
  {
    organisationId: uuid('organisation_id').notNull(),
    screenId: uuid('screen_id').notNull(),
    roomId: uuid('room_id').notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#3b82f6'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.screenId, table.roomId] }),
    index('screen_rooms_room_id_idx').on(table.organisationId, table.roomId),
    foreignKey({
      name: 'screen_rooms_screen_fk',
      columns: [table.organisationId, table.screenId],
      foreignColumns: [screens.organisationId, screens.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'screen_rooms_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    check('screen_rooms_color_hex', sql`${table.color} ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'`),
  ],
)

// Logos live in the database so every app instance can serve them (ADR 0008).
export const screenLogos = pgTable(
  'screen_logos',
  {
    organisationId: uuid('organisation_id').notNull(),
    screenId: uuid('screen_id').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    // Part of the public URL, so a new logo gets a new address and caches stay correct.
    version: text('version').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.screenId] }),
    foreignKey({
      name: 'screen_logos_screen_fk',
      columns: [table.organisationId, table.screenId],
      foreignColumns: [screens.organisationId, screens.id],
    }).onDelete('cascade'),
  ],
)

/* ---------- setup wizard (ADR 0010) ---------- */

// What the wizard has done for an organisation. Skipping a step, and which screens and client a
// step created, exist nowhere else in the data; everything else is read from the rows themselves.
export const setupRuns = pgTable(
  'setup_runs',
  {
    // One wizard at a time per organisation; starting again after finishing replaces the row.
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // Deleting the facility ends the run, and the wizard starts again at step 1.
    facilityId: uuid('facility_id').notNull(),
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
    // Its foreign key sets only this column to null (migration 0011).
    clientId: uuid('client_id'),
    skippedSteps: integer('skipped_steps')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('setup_runs_facility_id_idx').on(table.organisationId, table.facilityId),
    index('setup_runs_client_id_idx').on(table.organisationId, table.clientId),
    foreignKey({
      name: 'setup_runs_facility_fk',
      columns: [table.organisationId, table.facilityId],
      foreignColumns: [facilities.organisationId, facilities.id],
    }).onDelete('cascade'),
    // Only the optional steps can be skipped.
    check('setup_runs_skippable_steps', sql`${table.skippedSteps} <@ '{3,4,5,6}'::integer[]`),
  ],
)

/* ---------- calendar feeds ---------- */

export const CALENDAR_FEED_SCOPES = ['client', 'space', 'facility'] as const

/**
 * A secret .ics address for a client's, a space's or a facility's bookings (migration 0039,
 * ADR 0058). The token is found by its SHA-256 (token_hash); token_ciphertext is the token
 * encrypted with the app's secret, only so the dialog can show the address again. One feed per
 * target; each goes with its client, space or facility.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: CALENDAR_FEED_SCOPES }).notNull(),
    clientId: uuid('client_id'),
    roomId: uuid('room_id'),
    facilityId: uuid('facility_id'),
    tokenHash: text('token_hash').notNull(),
    tokenCiphertext: text('token_ciphertext').notNull(),
    includeClientNames: boolean('include_client_names').notNull().default(false),
    createdAt: createdAt(),
    resetAt: timestamp('reset_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('calendar_feeds_organisation_id_id_idx').on(table.organisationId, table.id),
    uniqueIndex('calendar_feeds_token_hash_idx').on(table.tokenHash),
    uniqueIndex('calendar_feeds_client_idx')
      .on(table.organisationId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    uniqueIndex('calendar_feeds_room_idx')
      .on(table.organisationId, table.roomId)
      .where(sql`${table.roomId} is not null`),
    uniqueIndex('calendar_feeds_facility_idx')
      .on(table.organisationId, table.facilityId)
      .where(sql`${table.facilityId} is not null`),
    foreignKey({
      name: 'calendar_feeds_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calendar_feeds_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calendar_feeds_facility_fk',
      columns: [table.organisationId, table.facilityId],
      foreignColumns: [facilities.organisationId, facilities.id],
    }).onDelete('cascade'),
    check('calendar_feeds_scope_valid', sql`${table.scope} in ('client', 'space', 'facility')`),
    check(
      'calendar_feeds_one_target',
      sql`(${table.scope} = 'client') = (${table.clientId} is not null)
      and (${table.scope} = 'space') = (${table.roomId} is not null)
      and (${table.scope} = 'facility') = (${table.facilityId} is not null)`,
    ),
    check('calendar_feeds_token_hash_valid', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
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

/**
 * The activity trail: who changed what, when, with each changed field before and after
 * (docs/product.md#activity). Written in the transaction of the write it records. The trigger
 * activity_entries_immutable (migration 0012) refuses every UPDATE and DELETE, except the
 * cascade from the organisation's own deletion. No foreign key to users or facilities: an entry
 * outlives the account and the facility it names, so it keeps their name and zone as they were.
 */
// 'created', 'updated' or 'deleted'; and the kinds of thing an entry can be about (domains, as above).
const activityAction = domain('activity_action')
const activityEntity = domain('activity_entity')

export const activityEntries = pgTable(
  'activity_entries',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // In the order written, so entries of one transaction (which share `at`) keep their order.
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: activityAction('action').notNull(),
    entity: activityEntity('entity').notNull(),
    // A user's id for a member, a uuid for everything else.
    entityId: text('entity_id'),
    // What the thing was called when it changed: an event's title, a facility's name.
    label: text('label').notNull(),
    facilityId: uuid('facility_id'),
    timeZone: text('time_zone'),
    changes: jsonb('changes')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.id] }),
    index('activity_entries_at_idx').on(table.organisationId, table.at.desc(), table.id.desc()),
    index('activity_entries_actor_idx').on(table.organisationId, table.actorId, table.at.desc(), table.id.desc()),
    index('activity_entries_entity_idx').on(table.organisationId, table.entity, table.at.desc(), table.id.desc()),
    index('activity_entries_entity_id_idx').on(table.organisationId, table.entityId, table.at.desc(), table.id.desc()),
  ],
)

/* ---------- outgoing mail ---------- */

/**
 * The outbox (ADR 0056, docs/product.md#email): every message is inserted in the transaction of
 * the change that causes it (src/server/mail/outbox.ts) and delivered afterwards by the worker
 * (src/server/mail/worker.ts). message_id is the Message-ID's own part, chosen at enqueue, so a
 * message sent twice after a crash carries the same one. The kinds and statuses are MAIL_KINDS
 * and MAIL_STATUSES (src/shared/mail/schema.ts); db/limits.test.ts keeps them in step.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for an account's own mail (approval, password reset), which no hourly limit holds.
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    businessKey: text('business_key').notNull(),
    messageId: text('message_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    unsubscribeUrl: text('unsubscribe_url'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // The lease of a 'sending' row: claimable again once older than MAIL_LEASE_SECONDS.
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('outbox_messages_business_key_idx').on(table.businessKey),
    uniqueIndex('outbox_messages_message_id_idx').on(table.messageId),
    index('outbox_messages_due_idx')
      .on(table.status, table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
    index('outbox_messages_organisation_created_idx').on(table.organisationId, table.createdAt.desc(), table.id.desc()),
    index('outbox_messages_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('outbox_messages_organisation_sent_idx')
      .on(table.organisationId, table.sentAt)
      .where(sql`${table.status} = 'sent'`),
    check(
      'outbox_messages_kind_valid',
      sql`${table.kind} in ('account_approved', 'password_reset', 'team_invitation', 'booking_confirmed', 'booking_changed', 'booking_cancelled', 'selloff', 'invoice_issued', 'credit_note_issued', 'portal_invitation', 'request_approved', 'request_declined', 'request_expired', 'waitlist_offer')`,
    ),
    check('outbox_messages_status_valid', sql`${table.status} in ('queued', 'sending', 'sent', 'kept', 'failed')`),
    check('outbox_messages_attempts_valid', sql`${table.attempts} >= 0`),
  ],
)

/* ---------- billing (migration 0040, ADR 0060, 0061, 0062) ---------- */

// Money is an integer count of the currency's minor units; bigint columns read as JS numbers,
// which stay exact since every amount is held to at most 10^11 by the tables' checks.
const money = (name: string) => bigint(name, { mode: 'number' })

/** The organisation's taxes, in order; the rate is in thousandths of a percent (13 % is 13000). */
export const organisationTaxes = pgTable(
  'organisation_taxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    rateThousandths: integer('rate_thousandths').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('organisation_taxes_position_idx').on(table.organisationId, table.position),
    check('organisation_taxes_name_not_blank', sql`btrim(${table.name}) <> ''`),
    check('organisation_taxes_rate_valid', sql`${table.rateThousandths} >= 0 and ${table.rateThousandths} <= 100000`),
    check('organisation_taxes_position_valid', sql`${table.position} >= 0 and ${table.position} < 3`),
  ],
)

/**
 * Hourly rates as a history (ADR 0061): a space's rate (no client) or a client's own rate for a
 * space, each from effective_from on. A row without rates ends the one before it.
 */
export const spaceRates = pgTable(
  'space_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    roomId: uuid('room_id').notNull(),
    clientId: uuid('client_id'),
    primeRateMinor: money('prime_rate_minor'),
    nonPrimeRateMinor: money('non_prime_rate_minor'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('space_rates_lookup_idx').on(table.organisationId, table.roomId, table.clientId, table.effectiveFrom.desc()),
    index('space_rates_client_idx')
      .on(table.organisationId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    foreignKey({
      name: 'space_rates_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'space_rates_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('cascade'),
    check('space_rates_both_or_neither', sql`(${table.primeRateMinor} is null) = (${table.nonPrimeRateMinor} is null)`),
    check(
      'space_rates_valid',
      sql`${table.primeRateMinor} is null or (${table.primeRateMinor} >= 0 and ${table.primeRateMinor} <= 100000000 and ${table.nonPrimeRateMinor} >= 0 and ${table.nonPrimeRateMinor} <= 100000000)`,
    ),
  ],
)

/** The last number given to each kind of document per year; issuing takes the next under the row's lock. */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [
    primaryKey({ name: 'invoice_numbers_pk', columns: [table.organisationId, table.kind, table.year] }),
    check('invoice_numbers_kind_valid', sql`${table.kind} in ('invoice', 'credit_note')`),
    check('invoice_numbers_year_valid', sql`${table.year} >= 2000 and ${table.year} <= 9999`),
    check('invoice_numbers_last_valid', sql`${table.lastNumber} >= 1`),
  ],
)

/**
 * Invoices and credit notes (ADR 0061). A draft may change; an issued one never does (the trigger
 * invoices_final). An invoice is void when a credit note names it in voids_invoice_id.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    kind: text('kind').notNull().default('invoice'),
    status: text('status').notNull().default('draft'),
    number: text('number'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    // The zone its dates are in: the organisation's first facility's when it was made.
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: money('subtotal_minor').notNull().default(0),
    taxMinor: money('tax_minor').notNull().default(0),
    totalMinor: money('total_minor').notNull().default(0),
    issuedOn: date('issued_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }),
    // The client's name and address as they were when it was issued.
    billTo: jsonb('bill_to'),
    voidsInvoiceId: uuid('voids_invoice_id'),
    // A credit note's reason for voiding.
    reason: varchar('reason', { length: 200 }),
    notes: varchar('notes', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_organisation_id_id_idx').on(table.organisationId, table.id),
    uniqueIndex('invoices_number_idx')
      .on(table.organisationId, table.number)
      .where(sql`${table.number} is not null`),
    uniqueIndex('invoices_voids_idx')
      .on(table.organisationId, table.voidsInvoiceId)
      .where(sql`${table.voidsInvoiceId} is not null`),
    uniqueIndex('invoices_one_draft_per_client_idx')
      .on(table.organisationId, table.clientId)
      .where(sql`${table.status} = 'draft' and ${table.kind} = 'invoice'`),
    index('invoices_client_idx').on(table.organisationId, table.clientId, table.createdAt.desc()),
    index('invoices_status_idx').on(table.organisationId, table.status, table.issuedOn.desc()),
    foreignKey({
      name: 'invoices_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('no action'),
    foreignKey({
      name: 'invoices_voids_fk',
      columns: [table.organisationId, table.voidsInvoiceId],
      foreignColumns: [table.organisationId, table.id],
    }).onDelete('no action'),
    check('invoices_kind_valid', sql`${table.kind} in ('invoice', 'credit_note')`),
    check('invoices_status_valid', sql`${table.status} in ('draft', 'issued')`),
    check('invoices_currency_valid', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('invoices_period_ordered', sql`${table.periodEnd} >= ${table.periodStart}`),
    check('invoices_total_adds_up', sql`${table.totalMinor} = ${table.subtotalMinor} + ${table.taxMinor}`),
    check(
      'invoices_issued_complete',
      sql`(${table.status} = 'issued') = (${table.number} is not null and ${table.issuedOn} is not null and ${table.dueOn} is not null and ${table.issuedAt} is not null and ${table.billTo} is not null)`,
    ),
    check('invoices_due_after_issue', sql`${table.dueOn} >= ${table.issuedOn}`),
    check('invoices_credit_note_names_invoice', sql`(${table.kind} = 'credit_note') = (${table.voidsInvoiceId} is not null)`),
    check('invoices_credit_note_not_positive', sql`${table.kind} = 'invoice' or ${table.totalMinor} <= 0`),
  ],
)

/**
 * An invoice's lines. A booking line keeps what was billed, so a later change to the booking can
 * be carried to the next invoice as an adjustment; schedule_id has no foreign key, since the
 * booking may go.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    description: varchar('description', { length: 300 }).notNull(),
    scheduleId: uuid('schedule_id'),
    roomId: uuid('room_id'),
    roomName: varchar('room_name', { length: 100 }),
    timeZone: text('time_zone'),
    startTime: timestamp('start_time', { withTimezone: true, precision: 3 }),
    endTime: timestamp('end_time', { withTimezone: true, precision: 3 }),
    primeMinutes: integer('prime_minutes'),
    nonPrimeMinutes: integer('non_prime_minutes'),
    primeRateMinor: money('prime_rate_minor'),
    nonPrimeRateMinor: money('non_prime_rate_minor'),
    minutesDelta: integer('minutes_delta'),
    contractId: uuid('contract_id'),
    contractName: varchar('contract_name', { length: 100 }),
    amountMinor: money('amount_minor').notNull(),
    removedReason: varchar('removed_reason', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.organisationId, table.invoiceId, table.position),
    index('invoice_lines_schedule_idx')
      .on(table.organisationId, table.scheduleId)
      .where(sql`${table.scheduleId} is not null`),
    index('invoice_lines_contract_idx')
      .on(table.organisationId, table.contractId)
      .where(sql`${table.kind} = 'prepaid'`),
    foreignKey({
      name: 'invoice_lines_invoice_fk',
      columns: [table.organisationId, table.invoiceId],
      foreignColumns: [invoices.organisationId, invoices.id],
    }).onDelete('cascade'),
    check('invoice_lines_kind_valid', sql`${table.kind} in ('booking', 'adjustment', 'prepaid', 'custom', 'discount')`),
    check('invoice_lines_description_not_blank', sql`btrim(${table.description}) <> ''`),
    check('invoice_lines_booking_named', sql`${table.kind} not in ('booking', 'adjustment') or ${table.scheduleId} is not null`),
    check('invoice_lines_prepaid_named', sql`${table.kind} <> 'prepaid' or ${table.contractId} is not null`),
    check('invoice_lines_removed_is_zero', sql`${table.removedReason} is null or (${table.kind} = 'booking' and ${table.amountMinor} = 0)`),
    check(
      'invoice_lines_minutes_valid',
      sql`(${table.primeMinutes} is null or ${table.primeMinutes} >= 0) and (${table.nonPrimeMinutes} is null or ${table.nonPrimeMinutes} >= 0)`,
    ),
    check('invoice_lines_amount_valid', sql`${table.amountMinor} >= -100000000000 and ${table.amountMinor} <= 100000000000`),
  ],
)

/** An invoice's taxes, frozen with it (ADR 0060). */
export const invoiceTaxes = pgTable(
  'invoice_taxes',
  {
    organisationId: uuid('organisation_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    rateThousandths: integer('rate_thousandths').notNull(),
    amountMinor: money('amount_minor').notNull(),
  },
  (table) => [
    primaryKey({ name: 'invoice_taxes_pk', columns: [table.organisationId, table.invoiceId, table.position] }),
    foreignKey({
      name: 'invoice_taxes_invoice_fk',
      columns: [table.organisationId, table.invoiceId],
      foreignColumns: [invoices.organisationId, invoices.id],
    }).onDelete('cascade'),
    check('invoice_taxes_rate_valid', sql`${table.rateThousandths} >= 0 and ${table.rateThousandths} <= 100000`),
  ],
)

/** Payments received from a client through a provider (ADR 0062); what each settles is in payment_allocations. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: varchar('reference', { length: 100 }),
    provider: text('provider').notNull().default('manual'),
    providerReference: text('provider_reference'),
    status: text('status').notNull().default('captured'),
    // The name of who recorded it, as the activity trail keeps it.
    recordedBy: text('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_organisation_id_id_idx').on(table.organisationId, table.id),
    index('payments_client_idx').on(table.organisationId, table.clientId, table.receivedOn.desc()),
    foreignKey({
      name: 'payments_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('no action'),
    check('payments_amount_valid', sql`${table.amountMinor} > 0 and ${table.amountMinor} <= 100000000000`),
    check('payments_currency_valid', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('payments_method_valid', sql`${table.method} in ('cash', 'cheque', 'e_transfer', 'card', 'other')`),
    check('payments_status_valid', sql`${table.status} in ('pending', 'captured', 'failed', 'refunded')`),
  ],
)

/** How much of a payment settles which invoice (the trigger payment_allocations_within keeps both within bounds). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    amountMinor: money('amount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_allocations_payment_idx').on(table.organisationId, table.paymentId),
    index('payment_allocations_invoice_idx').on(table.organisationId, table.invoiceId),
    foreignKey({
      name: 'payment_allocations_payment_fk',
      columns: [table.organisationId, table.paymentId],
      foreignColumns: [payments.organisationId, payments.id],
    }).onDelete('cascade'),
    // Cascade: only the organisation's deletion deletes an issued invoice (migration 0040).
    foreignKey({
      name: 'payment_allocations_invoice_fk',
      columns: [table.organisationId, table.invoiceId],
      foreignColumns: [invoices.organisationId, invoices.id],
    }).onDelete('cascade'),
    check('payment_allocations_amount_valid', sql`${table.amountMinor} > 0`),
  ],
)

/** A file sent with an outbox message (an issued invoice's PDF), kept so a retry sends the same bytes. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: varchar('filename', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ name: 'outbox_attachments_pk', columns: [table.messageId, table.position] })],
)

/* ---------- the renters' portal (docs/product.md#renters, migration 0041, ADR 0063) ---------- */

/** Who speaks for a client: a renter's account, for clients of any organisation. */
export const clientRenters = pgTable(
  'client_renters',
  {
    organisationId: uuid('organisation_id').notNull(),
    clientId: uuid('client_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'client_renters_pk', columns: [table.organisationId, table.clientId, table.userId] }),
    index('client_renters_user_idx').on(table.userId),
    foreignKey({
      name: 'client_renters_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('cascade'),
  ],
)

/** 'Invite Contact': a one-time link, kept only as its token's hash. */
export const portalInvitations = pgTable(
  'portal_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    clientId: uuid('client_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('portal_invitations_used_or_withdrawn', sql`${table.acceptedAt} is null or ${table.withdrawnAt} is null`),
    uniqueIndex('portal_invitations_token_hash_idx').on(table.tokenHash),
    index('portal_invitations_client_idx').on(table.organisationId, table.clientId, table.createdAt),
    foreignKey({
      name: 'portal_invitations_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('cascade'),
  ],
)

export const BOOKING_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'expired', 'withdrawn'] as const
export const bookingRequestStatus = pgEnum('booking_request_status', BOOKING_REQUEST_STATUSES)

/**
 * A renter's request for ice. While pending it holds its slot through hold_id, a schedules row of
 * kind 'hold' (ADR 0055); approving turns that row into the booking (event_id); declining,
 * withdrawing or expiring deletes it. booking_requests_pending_holds: a pending request always
 * has its hold, and the hold's foreign key keeps it from being deleted underneath.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    organisationId: uuid('organisation_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    clientId: uuid('client_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    roomId: uuid('room_id').notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 100 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: bookingRequestStatus('status').notNull().default('pending'),
    holdId: uuid('hold_id'),
    eventId: uuid('event_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: varchar('decline_reason', { length: 500 }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'booking_requests_pk', columns: [table.organisationId, table.id] }),
    check('booking_requests_title_not_blank', sql`btrim(${table.title}) <> ''`),
    check('booking_requests_ordered', sql`${table.endTime} > ${table.startTime}`),
    check('booking_requests_pending_holds', sql`(${table.status} = 'pending') = (${table.holdId} is not null)`),
    check('booking_requests_approved_booked', sql`${table.status} <> 'approved' or ${table.eventId} is not null`),
    uniqueIndex('booking_requests_hold_idx')
      .on(table.organisationId, table.holdId)
      .where(sql`${table.holdId} is not null`),
    index('booking_requests_pending_idx')
      .on(table.organisationId, table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    index('booking_requests_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    index('booking_requests_client_idx').on(table.organisationId, table.clientId, table.createdAt),
    foreignKey({
      name: 'booking_requests_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_requests_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_requests_facility_fk',
      columns: [table.organisationId, table.facilityId],
      foreignColumns: [facilities.organisationId, facilities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_requests_hold_fk',
      columns: [table.organisationId, table.holdId],
      foreignColumns: [schedules.organisationId, schedules.id],
    }).onDelete('no action'),
  ],
)

/** 'Join Waitlist': a renter waits for time on a space within a window of one day (to 00:00 is midnight). */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    organisationId: uuid('organisation_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    clientId: uuid('client_id').notNull(),
    roomId: uuid('room_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date').notNull(),
    fromTime: time('from_time').notNull(),
    toTime: time('to_time').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'waitlist_entries_pk', columns: [table.organisationId, table.id] }),
    check('waitlist_entries_window_ordered', sql`${table.toTime} > ${table.fromTime} or ${table.toTime} = '00:00'`),
    index('waitlist_entries_room_date_idx').on(table.organisationId, table.roomId, table.localDate),
    index('waitlist_entries_user_idx').on(table.userId),
    foreignKey({
      name: 'waitlist_entries_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'waitlist_entries_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    // A renter waits only while they speak for the client (migration 0042).
    foreignKey({
      name: 'waitlist_entries_renter_fk',
      columns: [table.organisationId, table.clientId, table.userId],
      foreignColumns: [clientRenters.organisationId, clientRenters.clientId, clientRenters.userId],
    }).onDelete('cascade'),
  ],
)

/** Released or freed ice offered to the waitlist; the one claim that sets claimed_at wins. */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    organisationId: uuid('organisation_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    roomId: uuid('room_id').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    releasedEventTitle: varchar('released_event_title', { length: 100 }),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: text('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedClientId: uuid('claimed_client_id'),
    claimedEventId: uuid('claimed_event_id'),
    claimedRequestId: uuid('claimed_request_id'),
  },
  (table) => [
    primaryKey({ name: 'waitlist_offers_pk', columns: [table.organisationId, table.id] }),
    check('waitlist_offers_ordered', sql`${table.endTime} > ${table.startTime}`),
    check('waitlist_offers_claim_whole', sql`${table.claimedClientId} is null or ${table.claimedAt} is not null`),
    index('waitlist_offers_room_idx').on(table.organisationId, table.roomId, table.startTime),
    foreignKey({
      name: 'waitlist_offers_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'waitlist_offers_claimed_client_fk',
      columns: [table.organisationId, table.claimedClientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('set null'),
  ],
)

/**
 * A renter's or operator's 'Release' of a booking (migration 0043, ADR 0066): the space and times
 * given back, written in the release's transaction; the Reports page reads released and resold ice.
 * Deleting the client keeps the row: its foreign key sets only client_id to null (the migration's
 * ON DELETE SET NULL (client_id), which Drizzle cannot declare).
 */
export const releasedIce = pgTable(
  'released_ice',
  {
    organisationId: uuid('organisation_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    roomId: uuid('room_id').notNull(),
    clientId: uuid('client_id'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    releasedBy: text('released_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ name: 'released_ice_pk', columns: [table.organisationId, table.id] }),
    check('released_ice_ordered', sql`${table.endTime} > ${table.startTime}`),
    index('released_ice_start_idx').on(table.organisationId, table.startTime),
    index('released_ice_room_idx').on(table.organisationId, table.roomId),
    foreignKey({
      name: 'released_ice_room_fk',
      columns: [table.organisationId, table.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'released_ice_client_fk',
      columns: [table.organisationId, table.clientId],
      foreignColumns: [clients.organisationId, clients.id],
    }).onDelete('set null'),
  ],
)

/** Whom an offer went to: the entries it matched when made; only they may claim it. */
export const waitlistOfferRecipients = pgTable(
  'waitlist_offer_recipients',
  {
    organisationId: uuid('organisation_id').notNull(),
    offerId: uuid('offer_id').notNull(),
    entryId: uuid('entry_id').notNull(),
  },
  (table) => [
    primaryKey({ name: 'waitlist_offer_recipients_pk', columns: [table.organisationId, table.offerId, table.entryId] }),
    index('waitlist_offer_recipients_entry_idx').on(table.organisationId, table.entryId),
    foreignKey({
      name: 'waitlist_offer_recipients_offer_fk',
      columns: [table.organisationId, table.offerId],
      foreignColumns: [waitlistOffers.organisationId, waitlistOffers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'waitlist_offer_recipients_entry_fk',
      columns: [table.organisationId, table.entryId],
      foreignColumns: [waitlistEntries.organisationId, waitlistEntries.id],
    }).onDelete('cascade'),
  ],
)

/**
 * The Reports page's roll-up (migration 0044, ADR 0070): the bookings with wall minutes, counted
 * per space, local month, weekday (0 is Monday), shape and client. Kept by the trigger
 * schedules_roll_up, which deletes a count that falls to 0; its key treats no client as one (NULLS
 * NOT DISTINCT, in the migration). No foreign keys: it is exactly the count of the bookings that
 * exist, and they hold their spaces and clients by their own.
 */
export const bookingMonthShapes = pgTable(
  'booking_month_shapes',
  {
    organisationId: uuid('organisation_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    roomId: uuid('room_id').notNull(),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    changeoverMinutes: integer('changeover_minutes').notNull(),
    clientId: uuid('client_id'),
    bookings: integer('bookings').notNull(),
  },
  (table) => [
    unique('booking_month_shapes_key')
      .on(
        table.organisationId,
        table.month,
        table.roomId,
        table.weekday,
        table.startMinute,
        table.endMinute,
        table.changeoverMinutes,
        table.clientId,
      )
      .nullsNotDistinct(),
  ],
)
