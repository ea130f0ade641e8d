import { ROOM_TYPE_LABELS, type RoomType } from '@shared/limits'
import type { Slot } from './slots'

/** A space as the selloff email sells it: its free slots, and the whole it is part of, if any. */
export interface InventorySpace {
  id: string
  parentId: string | null
  name: string
  type: RoomType
  slots: readonly Slot[]
}

/** One line of the email's inventory: what is sold ('Rink A: full sheet, or either half') and its free blocks. */
export interface InventoryLine {
  label: string
  blocks: Slot[]
}

/** How the whole of a linked space is sold, by its type (docs/product.md#marketing). */
const WHOLE_WORDS: Record<RoomType, string> = {
  rink: 'full sheet',
  court: 'full court',
  field: 'full field',
  room: 'whole room',
  change_room: 'whole room',
}

/**
 * The free time as rinks sell it: available slots that follow one another without a gap merge
 * into one block ('7:00 pm - 9:30 pm'), rather than a line per booking interval.
 */
export function freeBlocks(slots: readonly Slot[]): Slot[] {
  const blocks: Slot[] = []
  for (const slot of slots) {
    if (!slot.isAvailable) continue
    const last = blocks.at(-1)
    if (last && last.end.getTime() === slot.start.getTime()) blocks[blocks.length - 1] = { ...last, end: slot.end }
    else blocks.push({ ...slot })
  }
  return blocks
}

/** The parts of `blocks` that no block of `taken` covers; both sorted, neither overlapping itself. */
export function subtractBlocks(blocks: readonly Slot[], taken: readonly Slot[]): Slot[] {
  const left: Slot[] = []
  for (const block of blocks) {
    let start = block.start.getTime()
    const end = block.end.getTime()
    for (const cut of taken) {
      if (cut.end.getTime() <= start || cut.start.getTime() >= end) continue
      if (cut.start.getTime() > start) left.push({ ...block, start: new Date(start), end: cut.start })
      start = Math.max(start, cut.end.getTime())
    }
    if (start < end) left.push({ ...block, start: new Date(start), end: new Date(end) })
  }
  return left
}

/** Blocks of several spaces as one sorted list, overlapping and touching ones merged. */
function unionBlocks(lists: readonly (readonly Slot[])[]): Slot[] {
  const sorted = lists.flat().sort((a, b) => a.start.getTime() - b.start.getTime())
  const merged: Slot[] = []
  for (const block of sorted) {
    const last = merged.at(-1)
    if (last && block.start.getTime() <= last.end.getTime()) {
      if (block.end.getTime() > last.end.getTime()) merged[merged.length - 1] = { ...last, end: block.end }
    } else merged.push({ ...block })
  }
  return merged
}

/**
 * The facility's free ice as one inventory per sheet (docs/product.md#marketing). A space with no
 * linked parts is one line, 'Court 1 (Court)'. A whole with parts is sold once: the time its whole
 * is free reads 'Rink A: full sheet, or either half' (booking the whole needs every part free, so
 * each half is free then too); the time only a part is free names that part, 'Rink A: Half Ice
 * East'. A part's time already sold under a whole above it is not repeated. Lines keep the order of
 * `spaces`, each whole's part lines right after it; lines with no free time are left out.
 */
export function sellableInventory(spaces: readonly InventorySpace[]): InventoryLine[] {
  const byId = new Map(spaces.map((space) => [space.id, space]))
  const children = new Map<string, InventorySpace[]>()
  for (const space of spaces) {
    if (space.parentId === null || !byId.has(space.parentId)) continue
    children.set(space.parentId, [...(children.get(space.parentId) ?? []), space])
  }
  const free = new Map(spaces.map((space) => [space.id, freeBlocks(space.slots)]))
  const lines: InventoryLine[] = []

  const addParts = (root: InventorySpace, whole: InventorySpace, soldAbove: readonly Slot[]) => {
    for (const part of children.get(whole.id) ?? []) {
      const blocks = subtractBlocks(free.get(part.id)!, soldAbove)
      // 'Rink A: Half Ice East', but 'Rink A Half 1' alone when the part already says whose it is.
      const label = part.name.startsWith(root.name) ? part.name : `${root.name}: ${part.name}`
      if (blocks.length > 0) lines.push({ label, blocks })
      addParts(root, part, unionBlocks([soldAbove, free.get(part.id)!]))
    }
  }

  for (const space of spaces) {
    if (space.parentId !== null && byId.has(space.parentId)) continue
    const parts = children.get(space.id) ?? []
    const blocks = free.get(space.id)!
    if (parts.length === 0) {
      if (blocks.length > 0) lines.push({ label: `${space.name} (${ROOM_TYPE_LABELS[space.type]})`, blocks })
      continue
    }
    const partWords = parts.length === 2 ? 'either half' : 'any part'
    if (blocks.length > 0) lines.push({ label: `${space.name}: ${WHOLE_WORDS[space.type]}, or ${partWords}`, blocks })
    addParts(space, space, blocks)
  }
  return lines
}
