// Subpixel layout can put a fully shown item's edge a fraction past the viewport's.
const TOLERANCE_PX = 1

/**
 * How many items of a list end below `limit`, the bottom edge of the window they are seen
 * through: those cut off or not shown yet, which a '+N more' announces. Positions in pixels,
 * as getBoundingClientRect gives them.
 */
export function countBelow(itemBottoms: readonly number[], limit: number): number {
  return itemBottoms.filter((bottom) => bottom > limit + TOLERANCE_PX).length
}
