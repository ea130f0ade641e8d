import { createHash } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import { LIMITS } from '@shared/limits'
import { SCREEN_MESSAGES } from '@shared/screens/schema'
import { AppError } from '../../errors'

// Raster formats every browser draws as a plain picture. SVG is refused: it is a document that
// can carry script (ADR 0008). The type is read from the bytes; the name and the browser's
// claim are ignored.
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

export type Logo = { contentType: string; content: Uint8Array; version: string }

export async function readLogo(file: unknown): Promise<Logo> {
  if (!(file instanceof File)) throw new AppError('VALIDATION', SCREEN_MESSAGES.logoNotImage, { logo: SCREEN_MESSAGES.logoNotImage })
  if (file.size > LIMITS.screen.logoMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', SCREEN_MESSAGES.logoTooLarge, { logo: SCREEN_MESSAGES.logoTooLarge })
  }
  const content = new Uint8Array(await file.arrayBuffer())
  const detected = await fileTypeFromBuffer(content)
  if (!detected || !LOGO_TYPES.has(detected.mime)) {
    throw new AppError('VALIDATION', SCREEN_MESSAGES.logoNotImage, { logo: SCREEN_MESSAGES.logoNotImage })
  }
  // The version is part of the public address: a different image gets a different URL, so a
  // cached old logo is never shown for a new one.
  const version = createHash('sha256').update(content).digest('hex').slice(0, 16)
  return { contentType: detected.mime, content, version }
}
