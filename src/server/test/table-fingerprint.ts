import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

// Per table: its row count and an order-independent sum of one hash per whole row. Any insert,
// delete or changed column changes it, and it costs one query however many tables there are.
export type Fingerprint = Record<string, string>

// Both drivers answer execute() with { rows }.
type Rows<Row> = { rows: Row[] }

/** Every table of the app's schema, read from the database so a new table is covered at once. */
export async function listTables(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ table_name: string }>
  return result.rows.map((row) => row.table_name)
}

export function createFingerprinter(db: Db, tables: string[]) {
  const query = sql.raw(
    tables
      .map(
        (table) =>
          `select '${table}' as name, count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)::numeric), 0) as print from "${table}" t`,
      )
      .join(' union all '),
  )
  // Every insert, update and delete takes a transaction id and no read does: while the next id
  // to be handed out stays the same, nothing can have changed, and the hashing is skipped.
  const nextTransactionId = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`
  let last: { next: string; prints: Fingerprint } | null = null
  return async (): Promise<Fingerprint> => {
    const [{ next }] = ((await db.execute(nextTransactionId)) as unknown as Rows<{ next: string }>).rows as [{ next: string }]
    if (last?.next === next) return last.prints
    const result = (await db.execute(query)) as unknown as Rows<{ name: string; print: string }>
    last = { next, prints: Object.fromEntries(result.rows.map((row) => [row.name, row.print])) }
    return last.prints
  }
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table])
}
