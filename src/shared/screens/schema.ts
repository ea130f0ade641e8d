import { z } from 'zod'
import { LIMITS, SCREEN_THEMES } from '@shared/limits'
import { hexColor, lineString, optionalText, requiredText, tooLongMessage } from '@shared/schema-fields'

export const SCREEN_MESSAGES = {
  noRooms: 'Please select at least one room to display',
  signedOut: 'You must be logged in',
  duplicateSlug: 'A screen with this name already exists. Please choose a different name.',
  emptySlug: 'The name needs at least one letter (a-z) or digit to build the screen address',
  logoTooLarge: 'Logo file must be less than 5MB',
  logoNotImage: 'Please upload an image file',
} as const

// Screens belong to an operator rather than to one facility, so the default speaks for any of them.
export const DEFAULT_TICKER_TEXT = 'Welcome to our facility! We hope you enjoy your visit.'

/**
 * The public address of a screen (docs/product.md#screens-and-boards): lowercase, each run of other characters becomes one
 * hyphen, no hyphen at either end. Accents are dropped first so 'Café' gives 'cafe', not 'caf'.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export const screenRoomInput = z.object({
  roomId: z.uuid({ error: 'Please select a room' }),
  color: hexColor.default(LIMITS.screen.defaultRoomColor),
})

export const screenInput = z.object({
  name: requiredText(LIMITS.screen.name, { label: 'Name', required: 'Please enter a screen name' }).refine(
    (name) => slugify(name) !== '',
    SCREEN_MESSAGES.emptySlug,
  ),
  location: optionalText(LIMITS.screen.location, 'Location'),
  size: optionalText(LIMITS.screen.size, 'Size'),
  theme: z.enum(SCREEN_THEMES, { error: 'Please choose dark or light' }).default(LIMITS.screen.defaultTheme),
  rooms: z
    .array(screenRoomInput, { error: SCREEN_MESSAGES.noRooms })
    .min(1, SCREEN_MESSAGES.noRooms)
    .refine((rooms) => new Set(rooms.map(({ roomId }) => roomId)).size === rooms.length, 'Each room can be shown only once'),
  showTicker: z.boolean().default(LIMITS.screen.defaultShowTicker),
  tickerText: lineString()
    .trim()
    .max(LIMITS.screen.tickerText, tooLongMessage('Ticker text', LIMITS.screen.tickerText))
    .default(DEFAULT_TICKER_TEXT),
})
export type ScreenFormValues = z.input<typeof screenInput>
export type ScreenInput = z.output<typeof screenInput>
