import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { availabilityResponse, availabilitySlot, roomAvailability } from '@shared/marketing/responses'
import type { AvailabilityQuery } from '@shared/marketing/schema'
import { apiFetch } from '@web/lib/api-client'

export type AvailabilitySlot = z.infer<typeof availabilitySlot>

export type RoomAvailability = z.infer<typeof roomAvailability>

export type Availability = z.infer<typeof availabilityResponse>

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
