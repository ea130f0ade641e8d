import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { MiddlewareHandler } from 'hono'
import { SCREEN_MESSAGES } from '@shared/screens/schema'
import { AppError } from '../errors'

const JSON_LIMIT_BYTES = 64 * 1024
// A logo may be 5 MB; the multipart envelope needs a little room on top.
const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024 + 64 * 1024

const tooLarge = (): never => {
  throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large')
}

const jsonLimit = bodyLimit({ maxSize: JSON_LIMIT_BYTES, onError: tooLarge })
const logoTooLarge = (): never => {
  throw new AppError('PAYLOAD_TOO_LARGE', SCREEN_MESSAGES.logoTooLarge, { logo: SCREEN_MESSAGES.logoTooLarge })
}
const uploadLimit = bodyLimit({ maxSize: UPLOAD_LIMIT_BYTES, onError: logoTooLarge })

// A declared length is checked before anything is read; only a chunked body is counted while
// it streams. Looking at the body at all would make @hono/node-server build a full web Request
// for it, a cost every request would pay.
const limitBy =
  (maxSize: number, streamingLimit: MiddlewareHandler, refuse: () => never): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const declaredLength = c.req.header('content-length')
    if (declaredLength !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declaredLength) > maxSize) refuse()
      return next()
    }
    return streamingLimit(c, next)
  }

const limitJson = limitBy(JSON_LIMIT_BYTES, jsonLimit, tooLarge)
const limitUpload = limitBy(UPLOAD_LIMIT_BYTES, uploadLimit, logoTooLarge)

export const limitBodySize = createMiddleware(async (c, next) => (c.req.path.endsWith('/logo') ? limitUpload(c, next) : limitJson(c, next)))
