import { getTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { SCOPE_ROOM_TYPES } from '@shared/contracts/scope'
import { LIMITS } from '@shared/limits'
import { MAIL_KINDS, MAIL_STATUSES } from '@shared/mail/schema'
import { clients, closures, contracts, facilities, outboxMessages, rooms, schedules, screens } from './schema'

// The schema writes its limits as literals so migrations never move with a constant;
// this keeps the two from drifting apart. An event's title is a domain (migration 0028), whose
// length column-rules.integration.test.ts reads from the migrated database.
function lengthOf(table: PgTable, column: string): number | undefined {
  const found = getTableConfig(table).columns.find((candidate) => candidate.name === column)
  return (found as unknown as { length?: number } | undefined)?.length
}

describe('database limits agree with LIMITS', () => {
  it.each([
    [facilities, 'name', LIMITS.facility.name],
    [facilities, 'address', LIMITS.facility.address],
    [facilities, 'description', LIMITS.facility.description],
    [rooms, 'name', LIMITS.room.name],
    [rooms, 'description', LIMITS.room.description],
    [closures, 'reason', LIMITS.closure.reason],
    [schedules, 'description', LIMITS.event.description],
    [schedules, 'team1_name', LIMITS.event.teamName],
    [screens, 'name', LIMITS.screen.name],
    [screens, 'location', LIMITS.screen.location],
    [screens, 'size', LIMITS.screen.size],
    [screens, 'ticker_text', LIMITS.screen.tickerText],
    [clients, 'name', LIMITS.client.name],
    [clients, 'email', LIMITS.client.email],
    [clients, 'phone', LIMITS.client.phone],
    [clients, 'secondary_phone', LIMITS.client.secondaryPhone],
    [clients, 'company', LIMITS.client.company],
    [clients, 'address', LIMITS.client.address],
    [clients, 'city', LIMITS.client.city],
    [clients, 'province_state', LIMITS.client.provinceState],
    [clients, 'postal_code', LIMITS.client.postalCode],
    [clients, 'country', LIMITS.client.country],
    [clients, 'website', LIMITS.client.website],
    [clients, 'notes', LIMITS.client.notes],
    [contracts, 'notes', LIMITS.contract.notes],
  ] as const)('%#: %s', (table, column, limit) => {
    expect(lengthOf(table, column)).toBe(limit)
  })
})

describe('database choices agree with LIMITS', () => {
  const checkText = (table: PgTable, name: string) => {
    const found = getTableConfig(table).checks.find((candidate) => candidate.name === name)
    return new PgDialect().sqlToQuery(found!.value).sql
  }

  it('a space’s changeover is one of LIMITS.room.changeoverOptions', () => {
    expect(checkText(rooms, 'rooms_changeover_valid')).toContain(`in (${LIMITS.room.changeoverOptions.join(', ')})`)
  })

  it('a contract is limited only to the space types a form offers (SCOPE_ROOM_TYPES)', () => {
    const types = [...SCOPE_ROOM_TYPES].sort().map((type) => `'${type}'`)
    const listed = checkText(contracts, 'contracts_applies_to_room_types_valid')
      .match(/array\[([^\]]*)\]/)![1]!
      .split(', ')
    expect(listed.sort()).toEqual(types)
  })

  it('a space’s booking interval is one of LIMITS.room.bookingIntervalOptions', () => {
    expect(checkText(rooms, 'rooms_booking_interval_valid')).toContain(`in (${LIMITS.room.bookingIntervalOptions.join(', ')})`)
  })

  it('an outgoing message’s kind and status are MAIL_KINDS and MAIL_STATUSES', () => {
    const quoted = (values: readonly string[]) => `in (${values.map((value) => `'${value}'`).join(', ')})`
    expect(checkText(outboxMessages, 'outbox_messages_kind_valid')).toContain(quoted(MAIL_KINDS))
    expect(checkText(outboxMessages, 'outbox_messages_status_valid')).toContain(quoted(MAIL_STATUSES))
  })
})
