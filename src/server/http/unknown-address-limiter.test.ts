import { describe, expect, it } from 'vitest'
import { createUnknownAddressLimiter } from './unknown-address-limiter'

const MINUTE = 60_000

function limiterAt(start = 1_000_000, limits = { perWindow: 3, windowMs: MINUTE, maxAddresses: 100 }) {
  const clock = { now: start }
  const limiter = createUnknownAddressLimiter(limits, () => clock.now)
  const answers = (address: string, count: number) => Array.from({ length: count }, () => limiter.allow(address))
  return { clock, limiter, answers }
}

describe('the unknown-address limiter', () => {
  it('answers an address its share of unknown boards, then refuses it for the rest of the window', () => {
    const { clock, answers } = limiterAt()
    expect(answers('198.51.100.1', 3)).toEqual([true, true, true])
    expect(answers('198.51.100.1', 2)).toEqual([false, false])
    clock.now += MINUTE - 1
    expect(answers('198.51.100.1', 1)).toEqual([false])
  })

  it('starts a new window once the last one is over', () => {
    const { clock, answers } = limiterAt()
    answers('198.51.100.1', 4)
    clock.now += MINUTE
    expect(answers('198.51.100.1', 4)).toEqual([true, true, true, false])
  })

  it('counts every address on its own', () => {
    const { answers } = limiterAt()
    answers('198.51.100.1', 4)
    expect(answers('198.51.100.2', 3)).toEqual([true, true, true])
  })

  it('remembers at most so many addresses, forgetting the one whose window started first', () => {
    const { clock, limiter, answers } = limiterAt(0, { perWindow: 1, windowMs: MINUTE, maxAddresses: 3 })
    for (const address of ['a', 'b', 'c']) {
      answers(address, 1)
      clock.now += 1
    }
    expect(limiter.allow('d')).toBe(true)
    expect(limiter.size).toBe(3)
    // 'a' was forgotten, so it starts afresh, and 'b' goes in its place.
    expect(limiter.allow('a')).toBe(true)
    expect(limiter.size).toBe(3)
    expect(['c', 'd', 'a'].map((address) => limiter.allow(address))).toEqual([false, false, false])
  })

  it('lets go of addresses whose window is over', () => {
    const { clock, limiter, answers } = limiterAt()
    for (let index = 0; index < 50; index++) answers(`198.51.100.${index}`, 1)
    expect(limiter.size).toBe(50)
    clock.now += MINUTE
    answers('203.0.113.1', 1)
    expect(limiter.size).toBe(1)
  })
})
