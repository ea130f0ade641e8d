import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RoomType } from '@shared/limits'
import type { AvailabilityQuery } from '@shared/marketing/schema'
import { apiFetch } from '@web/lib/api-client'

/** Instants as ISO strings; [start, end) */
export type AvailabilitySlot = { start: string; end: string; isAvailable: boolean }

export type RoomAvailability = { id: string; name: string; type: RoomType; slots: AvailabilitySlot[] }

export type Availability = {
  facility: { id: string; name: string; timeZone: string }
  /** From the server's now to now + hours ahead. */
  window: { start: string; end: string }
  rooms: RoomAvailability[]
}

// Under 'events' so that whatever creates, edits or deletes an event refreshes the slots too.
export const marketingKeys = {
  all: ['events', 'availability'] as const,
  availability: (query: AvailabilityQuery) => [...marketingKeys.all, query] as const,
}

export const fetchAvailability = ({ facilityId, hoursAhead }: AvailabilityQuery) => {
  const search = new URLSearchParams({ facilityId, hoursAhead: String(hoursAhead) })
  return apiFetch<Availability>(`/api/marketing/availability?${search}`)
}

export const availabilityQueryOptions = (query: AvailabilityQuery) =>
  queryOptions({
    queryKey: marketingKeys.availability(query),
    queryFn: () => fetchAvailability(query),
    // Slots start at the next boundary after now, so an answer goes stale as the clock moves.
    staleTime: 0,
    refetchInterval: 60_000,
  })

// While the hours change, the facility's previous slots stay on screen; another facility's never do.
export const useAvailability = (query: AvailabilityQuery) =>
  useQuery({
    ...availabilityQueryOptions(query),
    placeholderData: (previous) => (previous?.facility.id === query.facilityId ? previous : undefined),
  })
