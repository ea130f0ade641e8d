import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateEventInput, UpdateEventInput } from '@shared/events/schema'
import type { EventType } from '@shared/limits'
import { apiFetch } from '@web/lib/api-client'
import { contractKeys } from '@web/features/contracts/api'
import { facilityKeys } from '@web/features/facilities/api'

/** An event as stored: a split part carries ' (Part N)' and shares its eventGroupId with its partner. */
export type ScheduledEvent = {
  id: string
  roomId: string
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

/** An event in a list across facilities, with where it happens and the zone its times are shown in. */
export type PlacedEvent = ScheduledEvent & {
  roomName: string
  facilityId: string
  facilityName: string
  timeZone: string
}

/** What the Add New Event dialog needs to know about the room it books. */
export type BookableRoom = {
  id: string
  name: string
  /** 'HH:MM' on the facility's wall clock */
  operatingStartTime: string
  operatingEndTime: string
  bookingInterval: number
  facilityId: string
  timeZone: string
}

export type BookableRoomWithFacility = BookableRoom & { facilityName: string }

export type ChangeRoom = { id: string; name: string }

/** A day of a month grid on the facilities' calendars: its first events and how many it has. */
export type MonthDay = { date: string; total: number; events: PlacedEvent[] }

export type CreateEventsResult = { events: ScheduledEvent[]; isSplit: boolean; isRecurring: boolean }
export type UpdateEventResult = { events: ScheduledEvent[]; isSplit: boolean }

// Under 'events' like the facility's event lists, so every event mutation refreshes them all.
export const eventKeys = {
  all: ['events'] as const,
  upcoming: (roomId: string | null) => [...eventKeys.all, 'upcoming', { roomId }] as const,
  past: (roomId: string | null) => [...eventKeys.all, 'past', { roomId }] as const,
  range: (range: { from: string; to: string }) => [...eventKeys.all, 'range', range] as const,
  month: (range: { from: string; to: string }) => [...eventKeys.all, 'month', range] as const,
}

export const bookableRoomKeys = {
  all: ['rooms', 'bookable'] as const,
}

// Below the facility's rooms key, so adding a space refreshes the change room choices too.
const changeRoomsKey = (facilityId: string) => [...facilityKeys.rooms(facilityId), 'change-rooms'] as const

const roomQuery = (roomId: string | null) => (roomId ? `?${new URLSearchParams({ roomId })}` : '')

export const fetchUpcomingEvents = (roomId: string | null) =>
  apiFetch<{ events: PlacedEvent[] }>(`/api/events/upcoming${roomQuery(roomId)}`).then((result) => result.events)

export const fetchPastEvents = (roomId: string | null) =>
  apiFetch<{ events: PlacedEvent[] }>(`/api/events/past${roomQuery(roomId)}`).then((result) => result.events)

export const fetchEventsInRange = (range: { from: string; to: string }) =>
  apiFetch<{ events: PlacedEvent[] }>(`/api/events?${new URLSearchParams(range)}`).then((result) => result.events)

export const fetchMonthDays = (range: { from: string; to: string }) =>
  apiFetch<{ days: MonthDay[] }>(`/api/events/month?${new URLSearchParams(range)}`).then((result) => result.days)

export const fetchBookableRooms = () =>
  apiFetch<{ rooms: BookableRoomWithFacility[] }>('/api/events/rooms').then((result) => result.rooms)

export const fetchChangeRooms = (facilityId: string) =>
  apiFetch<{ changeRooms: ChangeRoom[] }>(`/api/facilities/${facilityId}/change-rooms`).then((result) => result.changeRooms)

export const upcomingEventsQueryOptions = (roomId: string | null) =>
  queryOptions({ queryKey: eventKeys.upcoming(roomId), queryFn: () => fetchUpcomingEvents(roomId) })

export const pastEventsQueryOptions = (roomId: string | null) =>
  queryOptions({ queryKey: eventKeys.past(roomId), queryFn: () => fetchPastEvents(roomId) })

export const eventsInRangeQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({ queryKey: eventKeys.range(range), queryFn: () => fetchEventsInRange(range) })

export const monthDaysQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({ queryKey: eventKeys.month(range), queryFn: () => fetchMonthDays(range) })

// Always fetched afresh when the picker opens, so a space added a moment ago is there.
export const bookableRoomsQueryOptions = () => queryOptions({ queryKey: bookableRoomKeys.all, queryFn: fetchBookableRooms, staleTime: 0 })

export const changeRoomsQueryOptions = (facilityId: string) =>
  queryOptions({ queryKey: changeRoomsKey(facilityId), queryFn: () => fetchChangeRooms(facilityId) })

export const useUpcomingEvents = (roomId: string | null = null) => useQuery(upcomingEventsQueryOptions(roomId))

export const usePastEvents = (roomId: string | null) => useQuery(pastEventsQueryOptions(roomId))

// The previous range stays on screen while the next one loads, so paging does not flash.
export const useEventsInRange = (range: { from: string; to: string }) =>
  useQuery({ ...eventsInRangeQueryOptions(range), placeholderData: keepPreviousData })

export const useMonthDays = (range: { from: string; to: string }) =>
  useQuery({ ...monthDaysQueryOptions(range), placeholderData: keepPreviousData })

export const useBookableRooms = (enabled: boolean) => useQuery({ ...bookableRoomsQueryOptions(), enabled })

export const useChangeRooms = (facilityId: string) => useQuery(changeRoomsQueryOptions(facilityId))

// Booking, moving or deleting an event changes the client's contract hours as well.
function useInvalidateSchedules() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      queryClient.invalidateQueries({ queryKey: contractKeys.all }),
    ])
}

export function useCreateEvents() {
  const invalidate = useInvalidateSchedules()
  return useMutation({
    mutationFn: (input: CreateEventInput) => apiFetch<CreateEventsResult>('/api/events', { method: 'POST', body: input }),
    onSuccess: invalidate,
  })
}

export function useUpdateEvent() {
  const invalidate = useInvalidateSchedules()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateEventInput }) =>
      apiFetch<UpdateEventResult>(`/api/events/${id}`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  })
}

export function useDeleteEvent() {
  const invalidate = useInvalidateSchedules()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/events/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  })
}
