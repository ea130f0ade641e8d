import { LIMITS } from '@shared/limits'

/**
 * The colours offered for events and for the rooms of a screen (docs/product.md#events). Each one
 * is far enough from mid-grey that black or white text on it reads at 5:1 or better, so a block
 * in any of them stays legible on a board; the spec's default blue comes first.
 */
export const COLOR_PALETTE = [
  { name: 'Blue', hex: LIMITS.event.defaultColor },
  { name: 'Teal', hex: '#0f766e' },
  { name: 'Green', hex: '#16a34a' },
  { name: 'Yellow', hex: '#facc15' },
  { name: 'Orange', hex: '#f97316' },
  { name: 'Red', hex: '#b91c1c' },
  { name: 'Pink', hex: '#be185d' },
  { name: 'Purple', hex: '#7c3aed' },
] as const satisfies readonly { name: string; hex: string }[]

export type PaletteColor = (typeof COLOR_PALETTE)[number]

/** The palette's entry for a colour, whatever its letters' case; undefined for any other colour. */
export function paletteColorOf(color: string): PaletteColor | undefined {
  const wanted = color.trim().toLowerCase()
  return COLOR_PALETTE.find(({ hex }) => hex === wanted)
}

/** WCAG relative luminance of a '#rgb' or '#rrggbb' colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits
  const [red = 0, green = 0, blue = 0] = [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16) / 255)
  const linear = (channel: number) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

/** WCAG contrast ratio of two colours, 1 to 21; body text needs 4.5. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a)
  return (lighter! + 0.05) / (darker! + 0.05)
}

/**
 * Black or white, whichever reads better on the colour: a yellow room gets dark text, a navy one
 * light text.
 */
export function readableTextColor(hex: string): '#000000' | '#ffffff' {
  // The luminance where black and white text have equal contrast.
  return relativeLuminance(hex) > 0.179 ? '#000000' : '#ffffff'
}
