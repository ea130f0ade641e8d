import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { MiddlewareHandler } from 'hono'
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@shared/clients/import'
import { SCREEN_MESSAGES } from '@shared/screens/schema'
import { AppError } from '../errors'

const JSON_LIMIT_BYTES = 64 * 1024
// A logo may be 5 MB; the multipart envelope needs a little room on top.
const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024 + 64 * 1024

// 'Import Clients' sends a whole CSV file as a JSON string (ADR 0068): the file may be 2 MB, and
// JSON's escapes (a quote or a line break is two characters) may double it. The schema then
// holds the file itself to its 2 MB.
const IMPORT_LIMIT_BYTES = 2 * IMPORT_LIMITS.maxBytes + 64 * 1024
const IMPORT_PATHS = new Set(['/api/clients/import', '/api/clients/import/preview'])

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

const importTooLarge = (): never => {
  throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { csv: IMPORT_MESSAGES.tooLarge })
}
const importLimit = bodyLimit({ maxSize: IMPORT_LIMIT_BYTES, onError: importTooLarge })

const limitJson = limitBy(JSON_LIMIT_BYTES, jsonLimit, tooLarge)
const limitUpload = limitBy(UPLOAD_LIMIT_BYTES, uploadLimit, logoTooLarge)
const limitImport = limitBy(IMPORT_LIMIT_BYTES, importLimit, importTooLarge)

export const limitBodySize = createMiddleware(async (c, next) =>
  c.req.path.endsWith('/logo') ? limitUpload(c, next) : IMPORT_PATHS.has(c.req.path) ? limitImport(c, next) : limitJson(c, next),
)
