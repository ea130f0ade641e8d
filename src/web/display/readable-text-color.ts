/**
 * Black or white, whichever reads better on a room's colour (WCAG relative luminance): a
 * yellow room gets dark text, a navy one light text.
 */
export function readableTextColor(hex: string): '#000000' | '#ffffff' {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits
  const [red = 0, green = 0, blue = 0] = [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16) / 255)
  const linear = (channel: number) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)
  const luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  // The luminance where black and white text have equal contrast.
  return luminance > 0.179 ? '#000000' : '#ffffff'
}
