import { describe, expect, it } from 'vitest'
import { readEnv } from './env'

describe('readEnv', () => {
  it('keeps ten PostgreSQL connections unless told otherwise', () => {
    expect(readEnv({}).databasePoolSize).toBe(10)
    expect(readEnv({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4)
  })

  it('refuses a pool size that is not a whole number of at least one', () => {
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => readEnv({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/)
    }
  })
})
