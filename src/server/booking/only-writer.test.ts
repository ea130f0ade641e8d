import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// The tables whose rows occupy a space, or are derived from what does: only the booking module
// (src/server/booking, its statement and its routines) writes them. Numbered migrations may still
// change their data, as they change any table's; tests may arrange rows to check a guarantee.
const OCCUPYING = ['schedules', 'space_occupancy', 'change_room_holds', 'closures', 'event_series', 'booking_month_shapes']
const DRIZZLE_NAMES = ['schedules', 'spaceOccupancy', 'changeRoomHolds', 'closures', 'eventSeries', 'bookingMonthShapes']

const SERVER = join(import.meta.dirname, '..')
const BOOKING = import.meta.dirname

const sqlWrite = new RegExp(
  String.raw`\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+(only\s+)?("?)(\$\{)?(${[...OCCUPYING, ...DRIZZLE_NAMES].join('|')})\b`,
  'gi',
)
const drizzleWrite = new RegExp(String.raw`\.(insert|update|delete)\(\s*(${DRIZZLE_NAMES.join('|')})\s*\)`, 'g')

function sourcesOutsideBooking(): string[] {
  return readdirSync(SERVER, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(BOOKING + '/') && !file.includes('/db/migrations/'))
}

function writesIn(text: string): string[] {
  return [...text.matchAll(sqlWrite), ...text.matchAll(drizzleWrite)].map((match) => match[0].replace(/\s+/g, ' '))
}

describe('the booking module is the only writer of what occupies a space', () => {
  it('finds writes where they are written, so that the scan below means something', () => {
    expect(writesIn('await tx.insert(schedules).values(row)')).toEqual(['.insert(schedules)'])
    expect(writesIn('sql`delete from ${spaceOccupancy} where`')).toEqual(['delete from ${spaceOccupancy'])
    expect(writesIn('UPDATE "schedules" SET title = 1')).toEqual(['UPDATE "schedules'])
    expect(writesIn('insert into change_room_holds (a) values (1)')).toEqual(['insert into change_room_holds'])
    expect(writesIn('select * from schedules; update rooms set name = 1')).toEqual([])
  })

  it('no server code outside src/server/booking writes schedules, occupancy, change-room holds, closures, series or the roll-up', () => {
    const found = sourcesOutsideBooking().flatMap((file) =>
      writesIn(readFileSync(file, 'utf8')).map((write) => `${relative(SERVER, file)}: ${write}`),
    )
    expect(found).toEqual([])
  })
})
