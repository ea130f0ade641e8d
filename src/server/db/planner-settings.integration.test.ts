import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { readEnv } from '../env'
import { operatorResources } from '../test/owner-data'
import { useTestApp } from '../test/setup'
import { testDatabaseKinds } from '../test/test-database'
import { openDatabase, PLANNER_SETTINGS } from './client'

type Rows<T> = { rows: T[] }

describe.each(testDatabaseKinds())('the planner settings on %s (ADR 0037)', (kind) => {
  const {
    t,
    operators: [operator],
  } = useTestApp(kind, { operators: 1 })

  it('holds for every session of the app', async () => {
    const shown = (await t.db.execute(sql`select current_setting('random_page_cost') as value`)) as unknown as Rows<{ value: string }>
    expect(shown.rows[0]!.value).toBe(PLANNER_SETTINGS.random_page_cost)
  })

  // The reason for the setting: with PostgreSQL's default a booking's lookups of its space (its
  // triggers' and its foreign key checks') were planned as scans of every space of the organisation.
  it("looks up one space by its key in an organisation of 150 spaces through the key's index", async () => {
    const make = operatorResources(t, operator, 'Planner')
    const facilityId = await make.facility()
    const roomId = await make.room(facilityId)
    await t.db.execute(sql`insert into rooms (organisation_id, facility_id, name, type)
      select organisation_id, facility_id, 'Extra ' || n, 'room' from rooms, generate_series(1, 150) as n where id = ${roomId}`)
    await t.db.execute(sql`analyze rooms`)
    const owner = (await t.db.execute(sql`select organisation_id from rooms where id = ${roomId}`)) as unknown as Rows<{
      organisation_id: string
    }>
    const plan = await t.db.transaction(async (tx) => {
      // A generic plan, as a trigger's or a foreign key check's query settles on after its first calls.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
      await tx.execute(sql.raw('prepare space_by_key (uuid, uuid) as select 1 from rooms where organisation_id = $1 and id = $2'))
      // EXPLAIN takes no parameters: both ids were read from the database just now.
      const explained = (await tx.execute(
        sql.raw(`explain execute space_by_key('${owner.rows[0]!.organisation_id}', '${roomId}')`),
      )) as unknown as Rows<{ 'QUERY PLAN': string }>
      await tx.execute(sql.raw('deallocate space_by_key'))
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toMatch(/Index (Only )?Scan/)
    expect(plan).not.toMatch(/Seq Scan/)
  })
})

describe.skipIf(!readEnv().databaseUrl)('start-up options of a DATABASE_URL on PostgreSQL', () => {
  async function settingsWith(options: string) {
    const url = new URL(readEnv().databaseUrl!)
    url.searchParams.set('options', options)
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 })
    try {
      const shown = (await database.db.execute(
        sql`select current_setting('work_mem') as work_mem, current_setting('random_page_cost') as random_page_cost`,
      )) as unknown as Rows<{ work_mem: string; random_page_cost: string }>
      return shown.rows[0]
    } finally {
      await database.close()
    }
  }

  it('keep their own settings and add the planner settings after them', async () => {
    expect(await settingsWith('-c work_mem=8MB')).toEqual({ work_mem: '8MB', random_page_cost: PLANNER_SETTINGS.random_page_cost })
  })

  it('keep a planner setting they name themselves', async () => {
    expect(await settingsWith('-c work_mem=8MB -c random_page_cost=2')).toEqual({ work_mem: '8MB', random_page_cost: '2' })
  })
})
