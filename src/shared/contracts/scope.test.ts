import { describe, expect, test } from 'vitest'
import { describeScope } from './scope'

describe('describeScope', () => {
  test('names where a contract applies, as an operator says it', () => {
    expect(describeScope({ appliesTo: 'all', roomTypes: [], spaces: [] })).toBe('All spaces')
    expect(describeScope({ appliesTo: 'types', roomTypes: ['rink'], spaces: [] })).toBe('Ice only')
    expect(describeScope({ appliesTo: 'types', roomTypes: ['court', 'rink'], spaces: [] })).toBe('Ice and courts only')
    expect(describeScope({ appliesTo: 'types', roomTypes: ['field', 'room', 'rink'], spaces: [] })).toBe('Ice, rooms and fields only')
    expect(describeScope({ appliesTo: 'spaces', roomTypes: [], spaces: [{ name: 'Rink A' }, { name: 'Court 1' }] })).toBe(
      'Rink A and Court 1 only',
    )
    expect(describeScope({ appliesTo: 'spaces', roomTypes: [], spaces: [] })).toBe('No spaces')
  })
})
