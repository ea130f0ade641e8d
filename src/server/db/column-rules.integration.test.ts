import { sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import { findPostgresError, SQLSTATE } from '../errors'
import { operatorResources } from '../test/owner-data'
import { useTestApp } from '../test/setup'
import { testDatabaseKinds } from '../test/test-database'

// The one-column rules of events and activity entries are domains since migration 0028 (ADR
// 0037): the database refuses a value that breaks one, whoever writes it, as the table's CHECK
// constraints did before.
describe.each(testDatabaseKinds())('the one-column rules of events and activity entries on %s', (kind) => {
  const {
    t,
    operators: [operator],
  } = useTestApp(kind, { operators: 1 })

  async function refusal(statement: SQL) {
    try {
      await t.db.execute(statement)
    } catch (error) {
      return findPostgresError(error)?.code
    }
    return 'written'
  }

  it("refuse a blank title, a colour that is not '#rgb' or '#rrggbb', and a kind of event that is not a practice or a game", async () => {
    const make = operatorResources(t, operator, 'Rules')
    const roomId = await make.room(await make.facility())
    const eventId = await make.event(roomId, await make.client())
    const where = sql`where id = ${eventId}`

    expect(await refusal(sql`update schedules set title = '   ' ${where}`)).toBe(SQLSTATE.checkViolation)
    expect(await refusal(sql`update schedules set color = 'red' ${where}`)).toBe(SQLSTATE.checkViolation)
    expect(await refusal(sql`update schedules set color = '#12345' ${where}`)).toBe(SQLSTATE.checkViolation)
    expect(await refusal(sql`update schedules set event_type = 'party' ${where}`)).toBe(SQLSTATE.checkViolation)
    expect(await refusal(sql`update schedules set title = 'Renamed', color = '#abc', event_type = 'game' ${where}`)).toBe('written')
  })

  it('keep an event’s title to LIMITS.event.storedTitle characters', async () => {
    const shown = (await t.db.execute(
      sql`select character_maximum_length as length from information_schema.domains where domain_name = 'event_title'`,
    )) as unknown as { rows: { length: number }[] }
    expect(Number(shown.rows[0]!.length)).toBe(LIMITS.event.storedTitle)
    const make = operatorResources(t, operator, 'Long')
    const eventId = await make.event(await make.room(await make.facility()), await make.client())
    const tooLong = 'x'.repeat(LIMITS.event.storedTitle + 1)
    expect(await refusal(sql`update schedules set title = ${tooLong} where id = ${eventId}`)).toBe('22001') // string_data_right_truncation
  })

  it('refuse an activity entry whose action or kind of thing is not one of the trail’s', async () => {
    const make = operatorResources(t, operator, 'Trail')
    const facilityId = await make.facility()
    const entry = (action: string, entity: string) => sql`insert into activity_entries (organisation_id, actor_name, action, entity, label)
      select organisation_id, 'Tester', ${action}, ${entity}, 'Label' from facilities where id = ${facilityId}`

    expect(await refusal(entry('renamed', 'event'))).toBe(SQLSTATE.checkViolation)
    expect(await refusal(entry('created', 'party'))).toBe(SQLSTATE.checkViolation)
    expect(await refusal(entry('created', 'closure'))).toBe('written')
  })
})
