import { describe, expect, it } from 'vitest'
import { grantableRoles } from './roles'

describe('grantableRoles', () => {
  it('offers an inviter their own role and those below it, and nothing to a role that may not invite', () => {
    expect(grantableRoles('owner')).toEqual(['owner', 'manager', 'scheduler', 'front_desk'])
    expect(grantableRoles('manager')).toEqual([])
    expect(grantableRoles('front_desk')).toEqual([])
    expect(grantableRoles(null)).toEqual([])
  })
})
