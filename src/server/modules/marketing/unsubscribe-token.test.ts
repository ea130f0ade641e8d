import { describe, expect, it } from 'vitest'
import { clientOfUnsubscribeToken, unsubscribeToken } from './unsubscribe-token'

const CLIENT = '0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b'
const SECRET = 'a-secret-of-at-least-thirty-two-characters'

describe('unsubscribe tokens', () => {
  it('names the client it was made for, under the same secret only', () => {
    const token = unsubscribeToken(CLIENT, SECRET)
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    expect(clientOfUnsubscribeToken(token, SECRET)).toBe(CLIENT)
    expect(clientOfUnsubscribeToken(token, `${SECRET}-other`)).toBeNull()
  })

  it('refuses a forged, altered or malformed token', () => {
    const token = unsubscribeToken(CLIENT, SECRET)
    const [, mac] = token.split('.')
    const other = '1b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b'
    expect(clientOfUnsubscribeToken(`${Buffer.from(other).toString('base64url')}.${mac}`, SECRET)).toBeNull()
    expect(clientOfUnsubscribeToken(`${token}x`, SECRET)).toBeNull()
    expect(clientOfUnsubscribeToken(`${token}.extra`, SECRET)).toBeNull()
    for (const bad of ['', '.', 'abc', `${Buffer.from('not-a-uuid').toString('base64url')}.${mac}`, 'x'.repeat(500)]) {
      expect(clientOfUnsubscribeToken(bad, SECRET)).toBeNull()
    }
  })
})
