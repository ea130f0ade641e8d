import { describe, expect, test } from 'vitest'
import { sellableInventory, subtractBlocks, type InventorySpace } from './selloff-inventory'
import type { Slot } from './slots'

// Hourly slots from 19:00 UTC: `free` marks each hour free (1) or booked (0), so '1100' is
// 19:00–21:00 free and 21:00–23:00 booked.
const HOUR = 3_600_000
const START = Date.UTC(2024, 5, 3, 19)
const at = (hour: number) => new Date(START + hour * HOUR)
const hours = (free: string): Slot[] =>
  [...free].map((mark, index) => ({ start: at(index), end: at(index + 1), isAvailable: mark === '1' }))
const block = (from: number, to: number): Slot => ({ start: at(from), end: at(to), isAvailable: true })
const space = (id: string, name: string, free: string, parentId: string | null = null, type: InventorySpace['type'] = 'rink') => ({
  id,
  parentId,
  name,
  type,
  slots: hours(free),
})

describe('sellableInventory', () => {
  test('a space without parts is one line with its merged blocks, as before', () => {
    expect(sellableInventory([space('c', 'Court 1', '1101', null, 'court')])).toEqual([
      { label: 'Court 1 (Court)', blocks: [block(0, 2), block(3, 4)] },
    ])
  })

  test('a sheet free for a block sells it once: full sheet, or either half, not three lines', () => {
    const lines = sellableInventory([
      space('a', 'Rink A', '1100'),
      space('a1', 'Half Ice East', '1100', 'a'),
      space('a2', 'Half Ice West', '1100', 'a'),
    ])
    expect(lines).toEqual([{ label: 'Rink A: full sheet, or either half', blocks: [block(0, 2)] }])
  })

  test('when only one half is free, that half is named with its block', () => {
    // 21:00–22:00 the west half is booked, so the sheet is not free; the east half still is.
    const lines = sellableInventory([
      space('a', 'Rink A', '1100'),
      space('a1', 'Half Ice East', '1110', 'a'),
      space('a2', 'Half Ice West', '1101', 'a'),
    ])
    expect(lines).toEqual([
      { label: 'Rink A: full sheet, or either half', blocks: [block(0, 2)] },
      { label: 'Rink A: Half Ice East', blocks: [block(2, 3)] },
      { label: 'Rink A: Half Ice West', blocks: [block(3, 4)] },
    ])
  })

  test('a part named after its whole reads alone; three parts read any part; other types sell their own whole', () => {
    expect(
      sellableInventory([
        space('f', 'Field 1', '10', null, 'field'),
        space('f1', 'Field 1 North', '11', 'f', 'field'),
        space('f2', 'Field 1 Centre', '10', 'f', 'field'),
        space('f3', 'Field 1 South', '10', 'f', 'field'),
      ]),
    ).toEqual([
      { label: 'Field 1: full field, or any part', blocks: [block(0, 1)] },
      { label: 'Field 1 North', blocks: [block(1, 2)] },
    ])
  })

  test('a sheet with nothing free says nothing; its parts come after it whatever the order given', () => {
    expect(sellableInventory([space('a1', 'Half Ice East', '00', 'a'), space('a', 'Rink A', '00'), space('b', 'Rink B', '01')])).toEqual([
      { label: 'Rink B (Rink)', blocks: [block(1, 2)] },
    ])
    expect(
      sellableInventory([space('a1', 'Half Ice East', '01', 'a'), space('a', 'Rink A', '00'), space('a2', 'Half Ice West', '00', 'a')]),
    ).toEqual([{ label: 'Rink A: Half Ice East', blocks: [block(1, 2)] }])
  })
})

describe('subtractBlocks', () => {
  test('keeps what the taken blocks leave of each block', () => {
    expect(subtractBlocks([block(0, 4)], [block(1, 2)])).toEqual([block(0, 1), block(2, 4)])
    expect(subtractBlocks([block(0, 2), block(3, 5)], [block(1, 4)])).toEqual([block(0, 1), block(4, 5)])
    expect(subtractBlocks([block(0, 2)], [block(0, 2)])).toEqual([])
    expect(subtractBlocks([block(0, 2)], [])).toEqual([block(0, 2)])
  })
})
