import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { SCREEN_MESSAGES } from '@shared/screens/schema'
import { AppError } from '../errors'

const JSON_LIMIT_BYTES = 64 * 1024
// A logo may be 5 MB; the multipart envelope needs a little room on top.
const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024 + 64 * 1024

const tooLarge = () => {
  throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large')
}

const jsonLimit = bodyLimit({ maxSize: JSON_LIMIT_BYTES, onError: tooLarge })
const uploadLimit = bodyLimit({
  maxSize: UPLOAD_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', SCREEN_MESSAGES.logoTooLarge, { logo: SCREEN_MESSAGES.logoTooLarge })
  },
})

// Refused while streaming, before the body is buffered or parsed.
export const limitBodySize = createMiddleware(async (c, next) =>
  c.req.path.endsWith('/logo') ? uploadLimit(c, next) : jsonLimit(c, next),
)
