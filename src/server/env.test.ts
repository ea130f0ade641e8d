import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_SECRET, readEnv } from './env'

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

  it('refuses to start in production without a secret of its own', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET must be set/)
    expect(() => readEnv({ NODE_ENV: 'production', AUTH_SECRET: DEVELOPMENT_SECRET })).toThrow(/AUTH_SECRET must be set/)
    expect(readEnv({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32) }).authSecret).toBe('a'.repeat(32))
    // Development keeps working out of the box.
    expect(readEnv({}).isAuthSecretDefault).toBe(true)
  })

  it('reads the statement timeout and the per-address limits, with their defaults', () => {
    expect(readEnv({})).toMatchObject({ statementTimeoutMs: 5_000, signUpsPerAddressPerHour: 10, boardStreamsPerAddress: 20 })
    expect(readEnv({ STATEMENT_TIMEOUT_MS: '0', SIGN_UPS_PER_ADDRESS_PER_HOUR: '3', BOARD_STREAMS_PER_ADDRESS: '2' })).toMatchObject({
      statementTimeoutMs: 0,
      signUpsPerAddressPerHour: 3,
      boardStreamsPerAddress: 2,
    })
    for (const name of ['STATEMENT_TIMEOUT_MS', 'SIGN_UPS_PER_ADDRESS_PER_HOUR', 'BOARD_STREAMS_PER_ADDRESS']) {
      expect(() => readEnv({ [name]: '-1' })).toThrow(new RegExp(name))
      expect(() => readEnv({ [name]: 'lots' })).toThrow(new RegExp(name))
    }
  })

  it('mounts the test clock only when asked, and never in production', () => {
    expect(readEnv({}).testClock).toBe(false)
    expect(readEnv({ TEST_CLOCK: 'true' }).testClock).toBe(true)
    expect(() => readEnv({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32), TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/)
  })
})
