import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { freeSlotsResponse } from '@shared/availability/responses'
import type { FreeSlotsQueryValues } from '@shared/availability/schema'
import { apiFetch } from '@web/lib/api-client'

export type FreeSlots = z.infer<typeof freeSlotsResponse>
export type FreeSlot = FreeSlots['slots'][number]
export type SearchedSpace = FreeSlots['spaces'][number]

// Under 'events' so that a booking made from a slot refreshes the search: the slot goes.
const findIceKeys = { search: (query: FreeSlotsQueryValues) => ['events', 'free-slots', query] as const }

export function fetchFreeSlots(query: FreeSlotsQueryValues) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  return apiFetch<FreeSlots>(`/api/availability/free-slots?${search}`)
}

/** Nothing is asked until the operator searches; a new search keeps the last answer on screen until it lands. */
export const useFreeSlots = (query: FreeSlotsQueryValues | null) =>
  useQuery({
    queryKey: findIceKeys.search(query ?? { facilityId: '', durationMinutes: 0 }),
    queryFn: () => fetchFreeSlots(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
