import { LIMITS } from '@shared/limits'

/**
 * Linked spaces (docs/product.md#linked-spaces): a facility's spaces form a forest through
 * 'Part of'. Booking a space blocks its wholes (the spaces above it) and its parts (below), never
 * its siblings. The database keeps the same rules (src/server/modules/facilities/sql/rooms_tree.sql); these let the
 * dialog offer only valid wholes and the server explain a refusal in words.
 */
export type TreeSpace = { id: string; parentId: string | null; type: string }

/** The space's parts at every level below it, not the space itself. */
export function partsOf(spaces: readonly TreeSpace[], id: string): Set<string> {
  const children = childrenById(spaces)
  const found = new Set<string>()
  const stack = [...(children.get(id) ?? [])]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (found.has(next) || next === id) continue
    found.add(next)
    stack.push(...(children.get(next) ?? []))
  }
  return found
}

/**
 * Whether a closure of `closedId` (null: the whole facility) closes the space `id`: it does when it
 * closes the space itself, a whole it is part of, or one of its parts (booking the whole uses the
 * part), never a sibling (docs/product.md#closures).
 */
export function closureCloses(spaces: readonly TreeSpace[], closedId: string | null, id: string): boolean {
  if (closedId === null || closedId === id) return true
  return partsOf(spaces, id).has(closedId) || partsOf(spaces, closedId).has(id)
}

/**
 * The spaces a booking of `id` competes with: itself, its wholes at every level above and its
 * parts at every level below, never a sibling (docs/product.md#linked-spaces). Both halves booked
 * at 9:00 take the Full Sheet's 9:00.
 */
export function linkedSpacesOf(spaces: readonly TreeSpace[], id: string): Set<string> {
  const linked = new Set([id, ...partsOf(spaces, id)])
  const byId = new Map(spaces.map((space) => [space.id, space]))
  for (let parent = byId.get(id)?.parentId ?? null; parent !== null && !linked.has(parent); parent = byId.get(parent)?.parentId ?? null) {
    linked.add(parent)
  }
  return linked
}

/** The level of a space: 1 for one that is part of nothing, 2 for its parts, and so on. */
export function levelOf(spaces: readonly TreeSpace[], id: string): number {
  const byId = new Map(spaces.map((space) => [space.id, space]))
  let level = 1
  const seen = new Set([id])
  for (let parent = byId.get(id)?.parentId ?? null; parent !== null && !seen.has(parent); parent = byId.get(parent)?.parentId ?? null) {
    seen.add(parent)
    level += 1
  }
  return level
}

/** How many levels the space and its parts span: 1 for a space without parts. */
export function heightOf(spaces: readonly TreeSpace[], id: string): number {
  const children = childrenById(spaces)
  const height = (of: string, depth: number): number =>
    depth > LIMITS.room.maxTreeDepth * 2 ? depth : Math.max(1, ...(children.get(of) ?? []).map((child) => 1 + height(child, depth + 1)))
  return height(id, 0)
}

export const PART_OF_MESSAGES = {
  notInFacility: 'Please choose a space of this facility',
  changeRoom: 'A change room cannot be part of another space or have parts',
  loop: 'A space cannot be part of itself or of one of its parts',
  tooDeep: `Linked spaces go at most ${LIMITS.room.maxTreeDepth} levels deep`,
} as const

/**
 * Why `spaceId` (null for a new space) of `type` cannot be part of `parentId` among the facility's
 * `spaces`, or null when it can. A missing whole is one of another facility or organisation.
 */
export function partOfProblem(
  spaces: readonly TreeSpace[],
  { spaceId, type, parentId }: { spaceId: string | null; type: string; parentId: string | null },
): string | null {
  const hasParts = spaceId !== null && spaces.some((space) => space.parentId === spaceId)
  if (type === 'change_room' && (parentId !== null || hasParts)) return PART_OF_MESSAGES.changeRoom
  if (parentId === null) return null
  const whole = spaces.find((space) => space.id === parentId)
  if (!whole) return PART_OF_MESSAGES.notInFacility
  if (whole.type === 'change_room') return PART_OF_MESSAGES.changeRoom
  if (spaceId !== null && (parentId === spaceId || partsOf(spaces, spaceId).has(parentId))) return PART_OF_MESSAGES.loop
  const below = spaceId === null ? 1 : heightOf(spaces, spaceId)
  if (levelOf(spaces, parentId) + below > LIMITS.room.maxTreeDepth) return PART_OF_MESSAGES.tooDeep
  return null
}

function childrenById(spaces: readonly TreeSpace[]) {
  const children = new Map<string, string[]>()
  for (const space of spaces) {
    if (space.parentId === null) continue
    children.set(space.parentId, [...(children.get(space.parentId) ?? []), space.id])
  }
  return children
}
