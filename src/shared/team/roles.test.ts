import { describe, expect, it } from 'vitest'
import { grantableRoles, isSoleOwner } from './roles'

describe('grantableRoles', () => {
  it('offers an inviter their own role and those below it, and nothing to a role that may not invite', () => {
    expect(grantableRoles('owner')).toEqual(['owner', 'manager', 'scheduler', 'front_desk'])
    expect(grantableRoles('manager')).toEqual([])
    expect(grantableRoles('front_desk')).toEqual([])
    expect(grantableRoles(null)).toEqual([])
  })
})

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
