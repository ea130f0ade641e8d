import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

// Requests made in-process by the tests (app.request) have no socket; they all count as this
// one address, so the per-address limits still apply to them.
export const UNKNOWN_ADDRESS = 'unknown'

/**
 * The address a request came from: behind a trusted proxy, the last X-Forwarded-For entry,
 * otherwise the socket's peer. Per-address limits (sign-in, sign-up, board streams) key on it.
 * The last entry is the one the proxy itself appended; earlier ones are whatever the client
 * sent, so keying on them would let a client pick its own address and slip every limit.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_ADDRESS
  } catch {
    return UNKNOWN_ADDRESS
  }
}
