import { describe, expect, test } from 'vitest'
import { closureCloses, heightOf, levelOf, linkedSpacesOf, partOfProblem, partsOf, PART_OF_MESSAGES } from './space-tree'

// building → sheet → half A / half B, and a change room beside them.
const spaces = [
  { id: 'building', parentId: null, type: 'room' },
  { id: 'sheet', parentId: 'building', type: 'rink' },
  { id: 'halfA', parentId: 'sheet', type: 'rink' },
  { id: 'halfB', parentId: 'sheet', type: 'rink' },
  { id: 'dressing', parentId: null, type: 'change_room' },
  { id: 'studio', parentId: null, type: 'room' },
]

describe('space tree', () => {
  test('parts are every level below, levels count from the top, heights from the bottom', () => {
    expect([...partsOf(spaces, 'building')].sort()).toEqual(['halfA', 'halfB', 'sheet'])
    expect([...partsOf(spaces, 'halfA')]).toEqual([])
    expect(levelOf(spaces, 'halfB')).toBe(3)
    expect(levelOf(spaces, 'building')).toBe(1)
    expect(heightOf(spaces, 'building')).toBe(3)
    expect(heightOf(spaces, 'studio')).toBe(1)
  })

  test('a space is linked to itself, its wholes and its parts, never a sibling', () => {
    expect([...linkedSpacesOf(spaces, 'sheet')].sort()).toEqual(['building', 'halfA', 'halfB', 'sheet'])
    expect([...linkedSpacesOf(spaces, 'halfA')].sort()).toEqual(['building', 'halfA', 'sheet'])
    expect([...linkedSpacesOf(spaces, 'studio')]).toEqual(['studio'])
  })

  test('a closure closes its space, the wholes above it and the parts below it, never a sibling', () => {
    expect(closureCloses(spaces, null, 'studio')).toBe(true)
    expect(closureCloses(spaces, 'halfA', 'halfA')).toBe(true)
    expect(closureCloses(spaces, 'halfA', 'sheet')).toBe(true)
    expect(closureCloses(spaces, 'halfA', 'building')).toBe(true)
    expect(closureCloses(spaces, 'building', 'halfB')).toBe(true)
    expect(closureCloses(spaces, 'halfA', 'halfB')).toBe(false)
    expect(closureCloses(spaces, 'sheet', 'studio')).toBe(false)
  })

  test('a space can be part of a non-change-room space of its facility', () => {
    expect(partOfProblem(spaces, { spaceId: 'studio', type: 'room', parentId: 'building' })).toBeNull()
    expect(partOfProblem(spaces, { spaceId: null, type: 'rink', parentId: 'halfA' })).toBeNull()
    expect(partOfProblem(spaces, { spaceId: 'sheet', type: 'rink', parentId: null })).toBeNull()
  })

  test('refuses a whole elsewhere, a change room either side, loops and a fifth level', () => {
    expect(partOfProblem(spaces, { spaceId: 'studio', type: 'room', parentId: 'elsewhere' })).toBe(PART_OF_MESSAGES.notInFacility)
    expect(partOfProblem(spaces, { spaceId: 'studio', type: 'room', parentId: 'dressing' })).toBe(PART_OF_MESSAGES.changeRoom)
    expect(partOfProblem(spaces, { spaceId: 'dressing', type: 'change_room', parentId: 'building' })).toBe(PART_OF_MESSAGES.changeRoom)
    expect(partOfProblem(spaces, { spaceId: 'sheet', type: 'change_room', parentId: null })).toBe(PART_OF_MESSAGES.changeRoom)
    expect(partOfProblem(spaces, { spaceId: 'sheet', type: 'rink', parentId: 'sheet' })).toBe(PART_OF_MESSAGES.loop)
    expect(partOfProblem(spaces, { spaceId: 'building', type: 'room', parentId: 'halfA' })).toBe(PART_OF_MESSAGES.loop)
    const withQuarter = [...spaces, { id: 'quarter', parentId: 'halfA', type: 'rink' }]
    expect(partOfProblem(withQuarter, { spaceId: null, type: 'rink', parentId: 'quarter' })).toBe(PART_OF_MESSAGES.tooDeep)
    expect(partOfProblem(spaces, { spaceId: 'building', type: 'room', parentId: 'studio' })).toBeNull()
    const withLobby = [...spaces, { id: 'lobby', parentId: 'studio', type: 'room' }]
    expect(partOfProblem(withLobby, { spaceId: 'building', type: 'room', parentId: 'lobby' })).toBe(PART_OF_MESSAGES.tooDeep)
  })
})
