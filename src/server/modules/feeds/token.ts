import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { FEED_TOKEN_PATTERN } from '@shared/feeds/schema'

// A feed's token (ADR 0058): 32 random bytes, base64url. The database keeps its SHA-256, which the
// public route looks the feed up by, and the token sealed with AES-256-GCM under a key derived
// from AUTH_SECRET, only so the dialog can show the address again. Reading the table alone gives
// no working address; with the secret changed, a sealed token no longer opens and the operator
// resets the address.

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Whether `token` is a well-formed token whose hash is `storedHash`, compared in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  if (!FEED_TOKEN_PATTERN.test(token)) return false
  const given = Buffer.from(hashToken(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

const keys = new Map<string, Buffer>()
function keyOf(secret: string): Buffer {
  let key = keys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'fieldhouse', 'calendar feed tokens', 32))
    keys.set(secret, key)
  }
  return key
}

/** iv (12 bytes) · tag (16 bytes) · ciphertext, base64url. */
export function sealToken(token: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The token, or null when it was sealed under another secret (or tampered with). */
export function openToken(sealed: string, secret: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    const token = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
    return FEED_TOKEN_PATTERN.test(token) ? token : null
  } catch {
    return null
  }
}
