import { describe, expect, it } from 'vitest'
import { asTree, inTreeOrder, partOfChoices, type TreeNode } from './room-tree'

type Space = { id: string; name: string; parentId: string | null; type: string }

const space = (id: string, parentId: string | null = null, type = 'rink'): Space => ({ id, name: id, parentId, type })

// By name, as the API lists them: a building, its sheet, the sheet's halves and a quarter.
const arena = [
  space('Arena'),
  space('Change Room 1', null, 'change_room'),
  space('Full Sheet', 'Arena'),
  space('Gym', null, 'court'),
  space('Half Ice A', 'Full Sheet'),
  space('Half Ice B', 'Full Sheet'),
  space('Quarter A1', 'Half Ice A'),
]

const names = (spaces: Space[]) => spaces.map((entry) => entry.name)

describe('inTreeOrder', () => {
  it('lists each whole followed by its parts, one level deeper', () => {
    expect(inTreeOrder(arena).map(({ room, level, whole }) => [room.name, level, whole?.name ?? null])).toEqual([
      ['Arena', 1, null],
      ['Full Sheet', 2, 'Arena'],
      ['Half Ice A', 3, 'Full Sheet'],
      ['Quarter A1', 4, 'Half Ice A'],
      ['Half Ice B', 3, 'Full Sheet'],
      ['Gym', 1, null],
      ['Change Room 1', 1, null],
    ])
  })

  it('lists change rooms last, whatever their names', () => {
    const spaces = [space('Aardvark Room', null, 'change_room'), space('Zamboni Bay', null, 'room'), space('Locker 2', null, 'change_room')]
    expect(inTreeOrder(spaces).map(({ room }) => room.name)).toEqual(['Zamboni Bay', 'Aardvark Room', 'Locker 2'])
  })

  it('lets a space whose whole is not listed stand on its own', () => {
    expect(inTreeOrder([space('Half Ice A', 'elsewhere')]).map(({ level, whole }) => [level, whole])).toEqual([[1, null]])
  })

  it('still lists every space of a loop, once', () => {
    expect(names(inTreeOrder([space('A', 'B'), space('B', 'A')]).map((entry) => entry.room))).toEqual(['A', 'B'])
  })
})

describe('asTree', () => {
  it('nests each whole’s parts under it, in tree order', () => {
    const shape = (nodes: TreeNode<Space>[]): unknown[] =>
      nodes.map(({ room, parts }) => (parts.length ? [room.name, shape(parts)] : room.name))
    expect(shape(asTree(arena))).toEqual([
      ['Arena', [['Full Sheet', [['Half Ice A', ['Quarter A1']], 'Half Ice B']]]],
      'Gym',
      'Change Room 1',
    ])
  })
})

describe('partOfChoices', () => {
  it('offers a new space every space but the change rooms, and none too deep to take a part', () => {
    expect(names(partOfChoices(arena))).toEqual(['Arena', 'Full Sheet', 'Half Ice A', 'Half Ice B', 'Gym'])
  })

  it('never offers the space itself or one of its parts', () => {
    expect(names(partOfChoices(arena, arena[2]))).toEqual(['Arena', 'Gym'])
  })

  it('keeps offering the whole a space is part of now', () => {
    expect(names(partOfChoices(arena, arena[6]))).toEqual(['Arena', 'Full Sheet', 'Half Ice A', 'Half Ice B', 'Gym'])
  })

  it('leaves out wholes that would make the tree deeper than four levels', () => {
    // Half Ice A spans two levels (itself and Quarter A1): under Half Ice B (level 3) it would reach level 5.
    expect(names(partOfChoices(arena, arena[4]))).toEqual(['Arena', 'Full Sheet', 'Gym'])
  })
})
