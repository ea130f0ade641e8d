import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  eventCursorOf,
  type CreateEventInput,
  type EventPreviewInput,
  type SeriesScope,
  type UpdateEventInput,
} from '@shared/events/schema'
import { LIMITS } from '@shared/limits'
import type { z } from 'zod'
import type {
  bookableRoomListResponse,
  changeRoomUseResponse,
  createEventsResponse,
  eventListResponse,
  eventPreviewResponse,
  listedEvent,
  monthDaysResponse,
  placedEvent,
  scheduledEvent,
  seriesResponse,
  upcomingEventsResponse,
  updateEventResponse,
} from '@shared/events/responses'
import type { changeRoomListResponse } from '@shared/rooms/responses'
import { ApiError, apiFetch } from '@web/lib/api-client'
import { EVENTS_QUERY_ROOT } from '@web/lib/query-keys'
import { contractKeys } from '@web/features/contracts'
import { facilityKeys } from '@web/features/facilities'

export type ScheduledEvent = z.infer<typeof scheduledEvent>
/** The one event every view reads: the event with its space, facility and the zone its times are shown in. */
export type PlacedEvent = z.infer<typeof placedEvent>
/** An event of the All Events list: placed, with its client's and change rooms' names. */
export type ListedEvent = z.infer<typeof listedEvent>
type UpcomingPage = z.infer<typeof upcomingEventsResponse>
/** What the All Events list is narrowed to: null is any facility, space or client; '' no search. */
export type UpcomingFilters = { facilityId: string | null; roomId: string | null; clientId: string | null; q: string }
export type BookableRoomWithFacility = z.infer<typeof bookableRoomListResponse>['rooms'][number]
/** What the Add New Event dialog needs to know about the room it books. */
export type BookableRoom = Omit<BookableRoomWithFacility, 'facilityName'>
export type ChangeRoom = z.infer<typeof changeRoomListResponse>['changeRooms'][number]
/** A change room of the facility with the event holding it during a booking's time, or null when it is free. */
export type ChangeRoomUse = z.infer<typeof changeRoomUseResponse>['changeRooms'][number]
/** A day of a month grid on the facilities' calendars: its first events and how many it has. */
export type MonthDay = z.infer<typeof monthDaysResponse>['days'][number]
export type CreateEventsResult = z.infer<typeof createEventsResponse>
/** One occurrence a create would book, free or taken, with the server's reason when taken. */
export type PreviewOccurrence = z.infer<typeof eventPreviewResponse>['occurrences'][number]
export type UpdateEventResult = z.infer<typeof updateEventResponse>
export type Series = z.infer<typeof seriesResponse>

/** The one query of events in a range: instants [from, to), optionally one facility or one space. */
export type EventRange = { from: string; to: string; facilityId?: string; roomId?: string }

/** A booking of `roomId` during instants [from, to); `excludeEventId` is the event being edited, which holds its own change rooms. */
export type ChangeRoomBooking = { roomId: string; from: string; to: string; excludeEventId?: string }

// One set of keys for every view of events, so every event mutation refreshes them all.
export const eventKeys = {
  all: EVENTS_QUERY_ROOT,
  upcoming: (roomId: string | null) => [...eventKeys.all, 'upcoming', { roomId }] as const,
  // All Events' list, a page at a time.
  upcomingPages: (filters: UpcomingFilters) => [...eventKeys.all, 'upcoming', 'pages', filters] as const,
  past: (roomId: string | null) => [...eventKeys.all, 'past', { roomId }] as const,
  range: (range: EventRange | null) => [...eventKeys.all, 'range', range] as const,
  month: (range: { from: string; to: string }) => [...eventKeys.all, 'month', range] as const,
  // Below the events, as every event write can take or free a change room.
  changeRoomUse: (booking: ChangeRoomBooking | null) => [...eventKeys.all, 'change-room-use', booking] as const,
  // Below the events too: a booking anywhere can take or free an occurrence of the series.
  previews: () => [...eventKeys.all, 'preview'] as const,
  preview: (input: EventPreviewInput | null) => [...eventKeys.previews(), input] as const,
  series: (seriesId: string | null) => [...eventKeys.all, 'series', seriesId] as const,
}

export const bookableRoomKeys = {
  all: ['rooms', 'bookable'] as const,
}

// Below the facility's rooms key, so adding a space refreshes the change room choices too.
const changeRoomsKey = (facilityId: string) => [...facilityKeys.rooms(facilityId), 'change-rooms'] as const

const roomQuery = (roomId: string | null) => (roomId ? `?${new URLSearchParams({ roomId })}` : '')

// A space's List View: its first page, as placed events beside its past ones.
export const fetchUpcomingEvents = (roomId: string | null) =>
  apiFetch<UpcomingPage>(`/api/events/upcoming${roomQuery(roomId)}`).then((result): PlacedEvent[] => result.events)

function upcomingQuery({ facilityId, roomId, clientId, q }: UpcomingFilters, after: string | null) {
  const query = new URLSearchParams()
  if (facilityId) query.set('facilityId', facilityId)
  if (roomId) query.set('roomId', roomId)
  if (clientId) query.set('clientId', clientId)
  if (q.trim()) query.set('q', q.trim())
  if (after) query.set('after', after)
  return query
}

/**
 * The next page of All Events' list: the events after the cursor `after` (null: from the start).
 * The server reads a bounded stretch of events for a search, so its answer may hold fewer than a
 * page, even none, and still have a next one: asking on from there fills the page the operator
 * sees, and a page never holds more than the list's limit.
 */
export async function fetchUpcomingPage(filters: UpcomingFilters, after: string | null, signal?: AbortSignal): Promise<UpcomingPage> {
  const size = LIMITS.eventsList.limit
  const events: ListedEvent[] = []
  let nextAfter = after
  do {
    const page = await apiFetch<UpcomingPage>(`/api/events/upcoming?${upcomingQuery(filters, nextAfter)}`, { signal })
    events.push(...page.events)
    nextAfter = page.nextAfter
  } while (nextAfter && events.length < size)
  if (events.length <= size) return { events, nextAfter }
  const shown = events.slice(0, size)
  const last = shown.at(-1)!
  return { events: shown, nextAfter: eventCursorOf({ startTime: new Date(last.startTime), id: last.id }) }
}

export const fetchPastEvents = (roomId: string | null) =>
  apiFetch<z.infer<typeof eventListResponse>>(`/api/events/past${roomQuery(roomId)}`).then((result) => result.events)

export const fetchEventsInRange = (range: EventRange) =>
  apiFetch<z.infer<typeof eventListResponse>>(`/api/events?${new URLSearchParams(range)}`).then((result) => result.events)

export const fetchMonthDays = (range: { from: string; to: string }) =>
  apiFetch<z.infer<typeof monthDaysResponse>>(`/api/events/month?${new URLSearchParams(range)}`).then((result) => result.days)

export const fetchBookableRooms = () =>
  apiFetch<z.infer<typeof bookableRoomListResponse>>('/api/events/rooms').then((result) => result.rooms)

export const fetchChangeRooms = (facilityId: string) =>
  apiFetch<{ changeRooms: ChangeRoom[] }>(`/api/facilities/${facilityId}/change-rooms`).then((result) => result.changeRooms)

export const fetchChangeRoomUse = ({ excludeEventId, ...booking }: ChangeRoomBooking) =>
  apiFetch<z.infer<typeof changeRoomUseResponse>>(
    `/api/events/change-rooms?${new URLSearchParams(excludeEventId ? { ...booking, excludeEventId } : booking)}`,
  ).then((result) => result.changeRooms)

export const fetchEventPreview = (input: EventPreviewInput, signal?: AbortSignal) =>
  apiFetch<z.infer<typeof eventPreviewResponse>>('/api/events/preview', { method: 'POST', body: input, signal }).then(
    (result) => result.occurrences,
  )

export const upcomingEventsQueryOptions = (roomId: string | null) =>
  queryOptions({ queryKey: eventKeys.upcoming(roomId), queryFn: () => fetchUpcomingEvents(roomId) })

export const upcomingPagesQueryOptions = (filters: UpcomingFilters) =>
  infiniteQueryOptions({
    queryKey: eventKeys.upcomingPages(filters),
    queryFn: ({ pageParam, signal }) => fetchUpcomingPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextAfter,
  })

export const pastEventsQueryOptions = (roomId: string | null) =>
  queryOptions({ queryKey: eventKeys.past(roomId), queryFn: () => fetchPastEvents(roomId) })

// Null while the range is not known yet (a date being typed): nothing is asked.
export const eventsInRangeQueryOptions = (range: EventRange | null) =>
  queryOptions({ queryKey: eventKeys.range(range), queryFn: range ? () => fetchEventsInRange(range) : skipToken })

export const monthDaysQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({ queryKey: eventKeys.month(range), queryFn: () => fetchMonthDays(range) })

// Always fetched afresh when the picker opens, so a space added a moment ago is there.
export const bookableRoomsQueryOptions = () => queryOptions({ queryKey: bookableRoomKeys.all, queryFn: fetchBookableRooms, staleTime: 0 })

export const changeRoomsQueryOptions = (facilityId: string) =>
  queryOptions({ queryKey: changeRoomsKey(facilityId), queryFn: () => fetchChangeRooms(facilityId) })

// Another operator may take a change room at any moment: asked afresh whenever a dialog shows it.
export const changeRoomUseQueryOptions = (booking: ChangeRoomBooking | null) =>
  queryOptions({
    queryKey: eventKeys.changeRoomUse(booking),
    queryFn: booking ? () => fetchChangeRoomUse(booking) : skipToken,
    staleTime: 0,
  })

// Another operator may book any of the dates at any moment: asked afresh whenever the dialog shows them.
export const eventPreviewQueryOptions = (input: EventPreviewInput | null) =>
  queryOptions({
    queryKey: eventKeys.preview(input),
    queryFn: input ? ({ signal }) => fetchEventPreview(input, signal) : skipToken,
    staleTime: 0,
  })

export const useUpcomingEvents = (roomId: string | null = null) => useQuery(upcomingEventsQueryOptions(roomId))

// The last filters' list stays on screen while the next one loads, so typing a search does not flash.
export const useUpcomingPages = (filters: UpcomingFilters) =>
  useInfiniteQuery({ ...upcomingPagesQueryOptions(filters), placeholderData: keepPreviousData })

export const usePastEvents = (roomId: string | null) => useQuery(pastEventsQueryOptions(roomId))

// The previous range stays on screen while the next one loads, so paging does not flash. A view
// that redraws every event of a change anyway (the timeline) can skip comparing the new answer
// with the last, which costs as much as the answer is long.
export const useEventsInRange = (range: EventRange | null, { shareUnchanged = true } = {}) =>
  useQuery({ ...eventsInRangeQueryOptions(range), placeholderData: keepPreviousData, structuralSharing: shareUnchanged })

export const useMonthDays = (range: { from: string; to: string }) =>
  useQuery({ ...monthDaysQueryOptions(range), placeholderData: keepPreviousData })

export const useBookableRooms = (enabled: boolean) => useQuery({ ...bookableRoomsQueryOptions(), enabled })

export const useChangeRooms = (facilityId: string) => useQuery(changeRoomsQueryOptions(facilityId))

// The last answer stays on screen while the next time's loads, so the choices do not flicker.
export const useChangeRoomUse = (booking: ChangeRoomBooking | null) =>
  useQuery({ ...changeRoomUseQueryOptions(booking), placeholderData: keepPreviousData })

// The last answer stays on screen while the next series' loads, so the list does not flash.
export const useEventPreview = (input: EventPreviewInput | null) =>
  useQuery({ ...eventPreviewQueryOptions(input), placeholderData: keepPreviousData })

// Booking, moving or deleting an event changes the client's contract hours as well.
export function useInvalidateSchedules() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: eventKeys.all }), queryClient.invalidateQueries({ queryKey: contractKeys.all })])
}

export function useCreateEvents() {
  const invalidate = useInvalidateSchedules()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateEventInput) => apiFetch<CreateEventsResult>('/api/events', { method: 'POST', body: input }),
    onSuccess: invalidate,
    // A refused series means its dates were taken since they were listed: the list is asked again.
    onError: (error) =>
      error instanceof ApiError && error.status === 409 ? queryClient.invalidateQueries({ queryKey: eventKeys.previews() }) : undefined,
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
    mutationFn: ({ id, scope = 'this' }: { id: string; scope?: SeriesScope }) =>
      apiFetch<void>(`/api/events/${id}${scope === 'this' ? '' : `?scope=${scope}`}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  })
}

// A series' rule and count (docs/product.md#series); one request however many of its events are shown.
export const useSeries = (seriesId: string | null) =>
  useQuery({
    queryKey: eventKeys.series(seriesId),
    queryFn: seriesId ? () => apiFetch<Series>(`/api/series/${seriesId}`) : skipToken,
  })

/** The dates a series edit would move, each with why its new time is taken, asked just before saving. */
export function useSeriesEditPreview() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateEventInput }) =>
      apiFetch<{ occurrences: PreviewOccurrence[] }>(`/api/events/${id}/series-preview`, { method: 'POST', body: input }),
  })
}
