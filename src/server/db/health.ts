import { sql } from 'drizzle-orm'
import type { Executor } from './client'
import { healthProbe } from './schema'

/** Rewrites the one probe row; throws when the database cannot take a write. */
export async function writeHealthProbe(db: Executor): Promise<void> {
  await db
    .insert(healthProbe)
    .values({ id: 1, checkedAt: sql`now()` })
    .onConflictDoUpdate({ target: healthProbe.id, set: { checkedAt: sql`excluded.checked_at` } })
}
