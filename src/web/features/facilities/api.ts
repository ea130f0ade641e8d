import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FacilityInput } from '@shared/facilities/schema'
import type { EventType, RoomType } from '@shared/limits'
import type { RoomInput } from '@shared/rooms/schema'
import { apiFetch } from '@web/lib/api-client'

export type Facility = {
  id: string
  name: string
  address: string | null
  description: string | null
  timeZone: string
  createdAt: string
}

export type Room = {
  id: string
  facilityId: string
  name: string
  type: RoomType
  capacity: number | null
  description: string | null
  /** 'HH:MM' on the facility's wall clock */
  operatingStartTime: string
  operatingEndTime: string
  bookingInterval: number
  createdAt: string
}

export type RoomWithFacility = { room: Room; facility: Pick<Facility, 'id' | 'name' | 'timeZone'> }

export type FacilityEvent = {
  id: string
  roomId: string
  roomName: string
  title: string
  description: string | null
  startTime: string
  endTime: string
  color: string
  eventType: EventType
  team1Name: string | null
  team2Name: string | null
  changeRoom1Id: string | null
  changeRoom2Id: string | null
  clientId: string | null
  eventGroupId: string | null
}

/** Instants as ISO strings; [from, to) */
export type EventRange = { facilityId: string; roomId?: string; from: string; to: string }

export const facilityKeys = {
  all: ['facilities'] as const,
  list: () => [...facilityKeys.all, 'list'] as const,
  count: () => [...facilityKeys.all, 'count'] as const,
  detail: (id: string) => [...facilityKeys.all, 'detail', id] as const,
  rooms: (id: string) => [...facilityKeys.detail(id), 'rooms'] as const,
}

export const roomKeys = {
  all: ['rooms'] as const,
  detail: (id: string) => [...roomKeys.all, 'detail', id] as const,
}

// Under 'events' so that whatever creates, edits or deletes an event refreshes these lists too.
export const eventKeys = {
  all: ['events'] as const,
  list: (range: EventRange) => [...eventKeys.all, 'list', range] as const,
}

export const fetchFacilities = () => apiFetch<{ facilities: Facility[] }>('/api/facilities').then((result) => result.facilities)

export const fetchFacilityCount = () => apiFetch<{ count: number }>('/api/facilities/count').then((result) => result.count)

export const fetchFacility = (id: string) =>
  apiFetch<{ facility: Facility }>(`/api/facilities/${id}`).then((result) => result.facility)

export const fetchRooms = (facilityId: string) =>
  apiFetch<{ rooms: Room[] }>(`/api/facilities/${facilityId}/rooms`).then((result) => result.rooms)

export const fetchRoom = (id: string) => apiFetch<RoomWithFacility>(`/api/rooms/${id}`)

export const fetchEvents = ({ facilityId, ...query }: EventRange) => {
  const search = new URLSearchParams({ from: query.from, to: query.to, ...(query.roomId ? { roomId: query.roomId } : {}) })
  return apiFetch<{ events: FacilityEvent[] }>(`/api/facilities/${facilityId}/events?${search}`).then((result) => result.events)
}

export const facilitiesQueryOptions = () => queryOptions({ queryKey: facilityKeys.list(), queryFn: fetchFacilities })

export const facilityCountQueryOptions = () => queryOptions({ queryKey: facilityKeys.count(), queryFn: fetchFacilityCount })

export const facilityQueryOptions = (id: string) => queryOptions({ queryKey: facilityKeys.detail(id), queryFn: () => fetchFacility(id) })

export const roomsQueryOptions = (facilityId: string) =>
  queryOptions({ queryKey: facilityKeys.rooms(facilityId), queryFn: () => fetchRooms(facilityId) })

export const roomQueryOptions = (id: string) => queryOptions({ queryKey: roomKeys.detail(id), queryFn: () => fetchRoom(id) })

export const eventsQueryOptions = (range: EventRange) => queryOptions({ queryKey: eventKeys.list(range), queryFn: () => fetchEvents(range) })

export const useFacilities = () => useQuery(facilitiesQueryOptions())

export const useFacility = (id: string) => useQuery(facilityQueryOptions(id))

export const useRooms = (facilityId: string) => useQuery(roomsQueryOptions(facilityId))

export const useRoom = (id: string) => useQuery(roomQueryOptions(id))

// The previous range stays on screen while the next one loads, so paging days does not flash.
export const useEvents = (range: EventRange) => useQuery({ ...eventsQueryOptions(range), placeholderData: keepPreviousData })

export function useCreateFacility() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: FacilityInput) =>
      apiFetch<{ facility: Facility }>('/api/facilities', { method: 'POST', body: input }).then((result) => result.facility),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilityKeys.all }),
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
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  })
}

export function useCreateRoom(facilityId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RoomInput) =>
      apiFetch<{ room: Room }>(`/api/facilities/${facilityId}/rooms`, { method: 'POST', body: input }).then((result) => result.room),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilityKeys.rooms(facilityId) }),
  })
}

export function useDeleteRoom(facilityId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (roomId: string) => apiFetch<void>(`/api/rooms/${roomId}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facilityKeys.rooms(facilityId) }),
        queryClient.invalidateQueries({ queryKey: roomKeys.all }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  })
}
