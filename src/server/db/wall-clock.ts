import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

// The column type is `time`, which both drivers return as 'HH:MM:SS'; the API speaks 'HH:MM',
// the shape the room form sends and the scheduling maths reads.
export const wallClock = (column: AnyPgColumn) => sql<string>`to_char(${column}, 'HH24:MI')`
