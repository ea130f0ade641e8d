import type { RoomType } from '@shared/limits'

// Where a contract applies (docs/product.md#clients-and-contracts, ADR 0029): every space, some
// space types ('Ice only') or chosen spaces. A booking is charged to the client's latest-started
// active contract that applies to the booked space.

export const CONTRACT_SCOPES = ['all', 'types', 'spaces'] as const
export type ContractScope = (typeof CONTRACT_SCOPES)[number]

export const CONTRACT_SCOPE_LABELS: Record<ContractScope, string> = {
  all: 'All spaces',
  types: 'Space types',
  spaces: 'Chosen spaces',
}

/**
 * The types a contract can be limited to, ice first as a rink's staff think of them: a change
 * room is never booked, so never charged.
 */
export const SCOPE_ROOM_TYPES = ['rink', 'court', 'room', 'field'] as const satisfies readonly RoomType[]
export type ScopeRoomType = (typeof SCOPE_ROOM_TYPES)[number]

/** How an operator says it: a rink is ice. */
export const SCOPE_ROOM_TYPE_WORDS: Record<ScopeRoomType, string> = {
  rink: 'Ice',
  court: 'Courts',
  room: 'Rooms',
  field: 'Fields',
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/**
 * 'All spaces', 'Ice only', 'Ice and courts only', 'Rink A and Court 1 only'; 'No spaces' once
 * every chosen space has been deleted.
 */
export function describeScope(scope: { appliesTo: ContractScope; roomTypes: readonly string[]; spaces: readonly { name: string }[] }) {
  if (scope.appliesTo === 'types') {
    const words = SCOPE_ROOM_TYPES.filter((type) => scope.roomTypes.includes(type)).map((type, index) =>
      index === 0 ? SCOPE_ROOM_TYPE_WORDS[type] : SCOPE_ROOM_TYPE_WORDS[type].toLowerCase(),
    )
    return `${joinWords(words)} only`
  }
  if (scope.appliesTo === 'spaces') {
    return scope.spaces.length === 0 ? 'No spaces' : `${joinWords(scope.spaces.map((space) => space.name))} only`
  }
  return CONTRACT_SCOPE_LABELS.all
}
