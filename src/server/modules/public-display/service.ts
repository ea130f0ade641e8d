// What other modules use of the public display: the addresses it serves.

/** Where a board's logo is served; the version changes with the image, so the address does too. */
export function publicLogoPath(slug: string, version: string): string {
  return `/api/public/logos/${slug}/${version}`
}
