import { createHmac, timingSafeEqual } from 'node:crypto'

// A client's unsubscribe link (docs/product.md#email): stateless, `${client id}.${mac}`, both in
// base64url, the MAC an HMAC-SHA256 of the id under the app's secret. Nothing is stored, so a link
// stays good for as long as the secret does; one not made with the secret names no client.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
// Kept apart from the secret's other uses by its own label.
const LABEL = 'fieldhouse-unsubscribe:'

const macOf = (clientId: string, secret: string) => createHmac('sha256', secret).update(`${LABEL}${clientId}`).digest()

export function unsubscribeToken(clientId: string, secret: string): string {
  return `${Buffer.from(clientId, 'utf8').toString('base64url')}.${macOf(clientId, secret).toString('base64url')}`
}

/** The client id a token names, or null for anything not made by unsubscribeToken with this secret. */
export function clientOfUnsubscribeToken(token: string, secret: string): string | null {
  if (token.length > 200) return null
  const [idPart, macPart, ...rest] = token.split('.')
  if (!idPart || !macPart || rest.length > 0) return null
  const clientId = Buffer.from(idPart, 'base64url').toString('utf8')
  if (!UUID.test(clientId)) return null
  const given = Buffer.from(macPart, 'base64url')
  const expected = macOf(clientId, secret)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return clientId
}
