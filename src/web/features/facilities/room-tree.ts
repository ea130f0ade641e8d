import { partOfProblem, type TreeSpace } from '@shared/scheduling/space-tree'

type NamedSpace = TreeSpace & { name: string }

export type TreeEntry<T extends NamedSpace> = {
  room: T
  /** 1 for a space that is part of nothing, 2 for its parts, and so on. */
  level: number
  /** The space it is part of, or null. */
  whole: T | null
}

/**
 * The facility's spaces as their tree reads: each whole followed by its parts, depth first, in
 * the order given (by name), change rooms last. A space whose whole is missing from the list
 * stands on its own.
 */
export function inTreeOrder<T extends NamedSpace>(rooms: readonly T[]): TreeEntry<T>[] {
  const byId = new Map(rooms.map((room) => [room.id, room]))
  const partsByWhole = new Map<string, T[]>()
  for (const room of rooms) {
    if (room.parentId === null || !byId.has(room.parentId)) continue
    partsByWhole.set(room.parentId, [...(partsByWhole.get(room.parentId) ?? []), room])
  }
  const ordered: TreeEntry<T>[] = []
  const seen = new Set<string>()
  const visit = (room: T, level: number, whole: T | null) => {
    if (seen.has(room.id)) return
    seen.add(room.id)
    ordered.push({ room, level, whole })
    for (const part of partsByWhole.get(room.id) ?? []) visit(part, level + 1, room)
  }
  // Change rooms come last, as in every list of spaces: nothing is booked in them directly.
  const isChangeRoom = (room: T) => room.type === 'change_room'
  for (const room of [...rooms.filter((room) => !isChangeRoom(room)), ...rooms.filter(isChangeRoom)])
    if (room.parentId === null || !byId.has(room.parentId)) visit(room, 1, null)
  // The database refuses loops; should one slip through, its spaces are still listed.
  for (const room of rooms) visit(room, 1, null)
  return ordered
}

export type TreeNode<T extends NamedSpace> = { room: T; whole: T | null; parts: TreeNode<T>[] }

/** The same spaces nested: each whole with its parts under it, in tree order. */
export function asTree<T extends NamedSpace>(rooms: readonly T[]): TreeNode<T>[] {
  const roots: TreeNode<T>[] = []
  const path: TreeNode<T>[] = []
  for (const { room, level, whole } of inTreeOrder(rooms)) {
    const node = { room, whole, parts: [] }
    path.length = level - 1
    const parent = path.at(-1)
    if (parent) parent.parts.push(node)
    else roots.push(node)
    path.push(node)
  }
  return roots
}

/**
 * What 'Part of' offers `room` (undefined for a new space): the facility's spaces it may be a part
 * of, in tree order. Never a change room, the space itself, one of its parts (a loop) or a space
 * too deep to take it; the whole it is part of now stays on offer.
 */
export function partOfChoices<T extends NamedSpace>(rooms: readonly T[], room?: TreeSpace): T[] {
  const spaceId = room?.id ?? null
  return inTreeOrder(rooms)
    .map((entry) => entry.room)
    .filter(
      (whole) =>
        whole.id !== spaceId &&
        (whole.id === room?.parentId || partOfProblem(rooms, { spaceId, type: 'room', parentId: whole.id }) === null),
    )
}
