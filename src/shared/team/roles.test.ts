import { describe, expect, it } from 'vitest'
import { isSoleOwner } from './roles'

describe('isSoleOwner', () => {
  it('holds for the one Owner of a team, whoever else is in it', () => {
    expect(isSoleOwner('owner', [{ role: 'owner' }, { role: 'manager' }, { role: 'front_desk' }])).toBe(true)
  })

  it('does not hold once a second Owner is in the team', () => {
    expect(isSoleOwner('owner', [{ role: 'owner' }, { role: 'owner' }])).toBe(false)
  })

  it('never holds for a member who is not an Owner', () => {
    expect(isSoleOwner('manager', [{ role: 'owner' }, { role: 'manager' }])).toBe(false)
    expect(isSoleOwner(null, [])).toBe(false)
  })
})
