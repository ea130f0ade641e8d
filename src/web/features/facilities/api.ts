import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  changeRoomClashListResponse,
  eventOutsideHours,
  facility,
  facilityCountResponse,
  facilityListResponse,
  facilityResponse,
  facilityUpdatedResponse,
} from '@shared/facilities/responses'
import type { FacilityInput } from '@shared/facilities/schema'
import type { room, roomDetailResponse, roomListResponse, roomResponse, roomUpdatedResponse } from '@shared/rooms/responses'
import type { RoomDeleteQuery, RoomInput } from '@shared/rooms/schema'
import { apiFetch } from '@web/lib/api-client'
import { EVENTS_QUERY_ROOT } from '@web/lib/query-keys'

export type Facility = z.infer<typeof facility>

export type Room = z.infer<typeof room>

export type RoomWithFacility = z.infer<typeof roomDetailResponse>

/** An upcoming event an edit left outside its space's hours or interval: listed, never moved. */
export type EventOutsideHours = z.infer<typeof eventOutsideHours>

/** What saving a facility answers: a new one has no events, so none can fall outside. */
export type SavedFacility = z.infer<typeof facilityUpdatedResponse>

export type SavedRoom = z.infer<typeof roomUpdatedResponse>

/** Two events given one change room at overlapping times before change rooms became exclusive. */
export type ChangeRoomClash = z.infer<typeof changeRoomClashListResponse>['clashes'][number]

export const facilityKeys = {
  all: ['facilities'] as const,
  list: () => [...facilityKeys.all, 'list'] as const,
  count: () => [...facilityKeys.all, 'count'] as const,
  detail: (id: string) => [...facilityKeys.all, 'detail', id] as const,
  rooms: (id: string) => [...facilityKeys.detail(id), 'rooms'] as const,
}

// Below the events' root, not the facility's: every event write, and every edit that the events
// feature invalidates them for, can make a clash or resolve one.
const changeRoomClashesKey = (facilityId: string) => [...EVENTS_QUERY_ROOT, 'change-room-clashes', facilityId] as const

export const roomKeys = {
  all: ['rooms'] as const,
  detail: (id: string) => [...roomKeys.all, 'detail', id] as const,
}

export const fetchFacilities = () => apiFetch<z.infer<typeof facilityListResponse>>('/api/facilities').then((result) => result.facilities)

export const fetchFacilityCount = () =>
  apiFetch<z.infer<typeof facilityCountResponse>>('/api/facilities/count').then((result) => result.count)

export const fetchFacility = (id: string) =>
  apiFetch<z.infer<typeof facilityResponse>>(`/api/facilities/${id}`).then((result) => result.facility)

export const fetchRooms = (facilityId: string) =>
  apiFetch<z.infer<typeof roomListResponse>>(`/api/facilities/${facilityId}/rooms`).then((result) => result.rooms)

export const fetchRoom = (id: string) => apiFetch<RoomWithFacility>(`/api/rooms/${id}`)

export const fetchChangeRoomClashes = (facilityId: string) =>
  apiFetch<z.infer<typeof changeRoomClashListResponse>>(`/api/facilities/${facilityId}/change-room-clashes`).then(
    (result) => result.clashes,
  )

export const facilitiesQueryOptions = () => queryOptions({ queryKey: facilityKeys.list(), queryFn: fetchFacilities })

export const facilityCountQueryOptions = () => queryOptions({ queryKey: facilityKeys.count(), queryFn: fetchFacilityCount })

export const facilityQueryOptions = (id: string) => queryOptions({ queryKey: facilityKeys.detail(id), queryFn: () => fetchFacility(id) })

export const roomsQueryOptions = (facilityId: string) =>
  queryOptions({ queryKey: facilityKeys.rooms(facilityId), queryFn: () => fetchRooms(facilityId) })

export const roomQueryOptions = (id: string) => queryOptions({ queryKey: roomKeys.detail(id), queryFn: () => fetchRoom(id) })

export const changeRoomClashesQueryOptions = (facilityId: string) =>
  queryOptions({ queryKey: changeRoomClashesKey(facilityId), queryFn: () => fetchChangeRoomClashes(facilityId) })

export const useFacilities = () => useQuery(facilitiesQueryOptions())

export const useFacility = (id: string) => useQuery(facilityQueryOptions(id))

export const useRooms = (facilityId: string) => useQuery(roomsQueryOptions(facilityId))

export const useRoom = (id: string) => useQuery(roomQueryOptions(id))

export const useChangeRoomClashes = (facilityId: string) => useQuery(changeRoomClashesQueryOptions(facilityId))

/** Creates a facility, or with `id` changes that one. */
export function useSaveFacility(id?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: FacilityInput): Promise<SavedFacility> =>
      id
        ? apiFetch<SavedFacility>(`/api/facilities/${id}`, { method: 'PUT', body: input })
        : apiFetch<z.infer<typeof facilityResponse>>('/api/facilities', { method: 'POST', body: input }).then(({ facility }) => ({
            facility,
            eventsOutsideHours: [],
          })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facilityKeys.all }),
        // A space's page shows its facility's name and zone; events are shown on the facility's clock.
        ...(id
          ? [queryClient.invalidateQueries({ queryKey: roomKeys.all }), queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT })]
          : []),
      ]),
  })
}

export function useDeleteFacility() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/facilities/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: roomKeys.all }),
        queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
      ]),
  })
}

/** Adds a space to the facility, or with `roomId` changes that one. */
export function useSaveRoom(facilityId: string, roomId?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RoomInput): Promise<SavedRoom> =>
      roomId
        ? apiFetch<SavedRoom>(`/api/rooms/${roomId}`, { method: 'PUT', body: input })
        : apiFetch<z.infer<typeof roomResponse>>(`/api/facilities/${facilityId}/rooms`, { method: 'POST', body: input }).then(
            ({ room }) => ({ room, eventsOutsideHours: [] }),
          ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facilityKeys.rooms(facilityId) }),
        // The space's page, and the events that show its name and sit on its grid.
        ...(roomId
          ? [queryClient.invalidateQueries({ queryKey: roomKeys.all }), queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT })]
          : []),
      ]),
  })
}

/** Deletes a space; `parts` says what becomes of a whole's parts, and is left out for a space without any. */
export function useDeleteRoom(facilityId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ roomId, parts }: { roomId: string; parts?: RoomDeleteQuery['parts'] }) =>
      apiFetch<void>(`/api/rooms/${roomId}${parts ? `?${new URLSearchParams({ parts })}` : ''}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facilityKeys.rooms(facilityId) }),
        queryClient.invalidateQueries({ queryKey: roomKeys.all }),
        queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
      ]),
  })
}
