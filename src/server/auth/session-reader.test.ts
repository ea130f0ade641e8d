import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseCookieHeader, verifiedToken } from './session-reader'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`

describe('signed session cookies', () => {
  it('gives the token of a value signed with the secret, and nothing for any other', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123')
    expect(verifiedToken(sign('abc123', 'another-secret-of-thirty-two-characters'), SECRET)).toBeNull()
    expect(verifiedToken(sign('abc123').replace('abc123', 'abc124'), SECRET)).toBeNull()
    expect(verifiedToken('abc123', SECRET)).toBeNull()
    expect(verifiedToken(`abc123.${'A'.repeat(43)}=`, SECRET)).toBeNull()
    expect(verifiedToken('.' + sign('x').split('.')[1], SECRET)).toBeNull()
  })

  it('reads a Cookie header as browsers and better-auth do: the first of a name, URI-decoded', () => {
    const cookies = parseCookieHeader('a=1; fieldhouse.session_token=tok.sig%3D; a=2; b="quoted"; broken; c=%E0%A4%A')
    expect(cookies.get('a')).toBe('1')
    expect(cookies.get('fieldhouse.session_token')).toBe('tok.sig=')
    expect(cookies.get('b')).toBe('quoted')
    expect(cookies.has('c')).toBe(false)
  })
})
