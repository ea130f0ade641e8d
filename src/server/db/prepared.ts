import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './client'

/**
 * A statement built once per database and then reused: with a name, PostgreSQL parses and plans
 * it once per connection instead of on every call, and drizzle builds its SQL once. For the
 * statements of the hottest paths (a booking's budget in docs/benchmarks.md).
 */
export function perDatabase<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>()
  return (db) => {
    let statement = built.get(db)
    if (!statement) {
      statement = build(db)
      built.set(db, statement)
    }
    return statement
  }
}

type PreparingSession = {
  prepareQuery: (
    query: unknown,
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ) => { execute: (values: Record<string, unknown>) => Promise<unknown> }
}

/**
 * Drizzle names (prepares) only its query builders; a raw statement written with
 * sql.placeholder() is prepared here the way db.execute() runs one, with a name. Both drivers
 * answer with { rows }.
 */
export function prepareRaw<Row>(db: Db, name: string, statement: SQL) {
  const { session, dialect } = db as unknown as { session: PreparingSession; dialect: { sqlToQuery: (sql: SQL) => unknown } }
  const prepared = session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false)
  return async (values: Record<string, unknown>) => ((await prepared.execute(values)) as { rows: Row[] }).rows
}

/** A named parameter of a prepared statement, bound when it runs. */
export const placeholder = (name: string) => sql.placeholder(name)

/** An instant as JSON.stringify writes a Date, in text: what a statement that writes JSON itself answers with. */
export const isoText = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
