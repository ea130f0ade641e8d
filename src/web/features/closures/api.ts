import { keepPreviousData, queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { HolidayClosuresInput, HolidayClosuresPreviewInput } from '@shared/closures/holidays'
import type { ClosureInput, ClosurePreviewInput } from '@shared/closures/schema'
import type {
  closure,
  closureListResponse,
  closurePreviewResponse,
  createClosureResponse,
  holidayClosuresPreviewResponse,
  holidayClosuresResponse,
  holidayCountriesResponse,
} from '@shared/closures/responses'
import { apiFetch } from '@web/lib/api-client'
import { EVENTS_QUERY_ROOT } from '@web/lib/query-keys'
import { contractKeys } from '@web/features/contracts'

/** A closure with where it applies (spaceId null: the whole facility) and the zone its times are shown in. */
export type Closure = z.infer<typeof closure>
export type ClosurePreview = z.infer<typeof closurePreviewResponse>
export type CreateClosureResult = z.infer<typeof createClosureResponse>

/** Closures reaching into instants [from, to): of every facility, one facility, or those closing one space. */
export type ClosureRange = { from: string; to: string; facilityId?: string; roomId?: string }

// Below the events' root: a closure refuses bookings and may cancel events, and every event write
// already refreshes the events' root, so calendars, previews and closures refresh together.
export const closureKeys = {
  all: [...EVENTS_QUERY_ROOT, 'closures'] as const,
  range: (range: ClosureRange) => [...closureKeys.all, 'range', range] as const,
  facility: (facilityId: string) => [...closureKeys.all, 'facility', facilityId] as const,
  preview: (facilityId: string, input: ClosurePreviewInput | null) => [...closureKeys.all, 'preview', facilityId, input] as const,
  holidayPreview: (facilityId: string, input: HolidayClosuresPreviewInput | null) =>
    [...closureKeys.all, 'holidays', facilityId, input] as const,
}

export const fetchClosuresInRange = (range: ClosureRange) =>
  apiFetch<z.infer<typeof closureListResponse>>(`/api/closures?${new URLSearchParams(range)}`).then((result) => result.closures)

export const fetchFacilityClosures = (facilityId: string) =>
  apiFetch<z.infer<typeof closureListResponse>>(`/api/facilities/${facilityId}/closures`).then((result) => result.closures)

export const fetchClosurePreview = (facilityId: string, input: ClosurePreviewInput, signal?: AbortSignal) =>
  apiFetch<ClosurePreview>(`/api/facilities/${facilityId}/closures/preview`, { method: 'POST', body: input, signal })

// The previous range stays on screen while the next one loads, so paging does not flash.
export const useClosuresInRange = (range: ClosureRange) =>
  useQuery({ queryKey: closureKeys.range(range), queryFn: () => fetchClosuresInRange(range), placeholderData: keepPreviousData })

export const useFacilityClosures = (facilityId: string) =>
  useQuery({ queryKey: closureKeys.facility(facilityId), queryFn: () => fetchFacilityClosures(facilityId) })

// Another operator may book into the span at any moment: asked afresh whenever the dialog shows it.
export const closurePreviewQueryOptions = (facilityId: string, input: ClosurePreviewInput | null) =>
  queryOptions({
    queryKey: closureKeys.preview(facilityId, input),
    queryFn: input ? ({ signal }) => fetchClosurePreview(facilityId, input, signal) : skipToken,
    staleTime: 0,
  })

export const useClosurePreview = (facilityId: string, input: ClosurePreviewInput | null) =>
  useQuery({ ...closurePreviewQueryOptions(facilityId, input), placeholderData: keepPreviousData })

// Adding a closure may cancel events, which gives their hours back to contracts.
function useInvalidateClosures() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: contractKeys.all }),
    ])
}

export function useCreateClosure(facilityId: string) {
  const invalidate = useInvalidateClosures()
  return useMutation({
    mutationFn: (input: ClosureInput) =>
      apiFetch<CreateClosureResult>(`/api/facilities/${facilityId}/closures`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  })
}

export function useDeleteClosure() {
  const invalidate = useInvalidateClosures()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/closures/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  })
}

/* ---------- public holidays as closures (ADR 0050) ---------- */

/** The countries, with their states or provinces, whose public holidays the server knows; they never change while the app runs. */
export const useHolidayCountries = () =>
  useQuery({
    queryKey: ['holiday-countries'],
    queryFn: () => apiFetch<z.infer<typeof holidayCountriesResponse>>('/api/holidays/countries').then((result) => result.countries),
    staleTime: Infinity,
  })

/** The region's holidays on the chosen days, those already closed marked, and the events the new closures would cover. */
export const useHolidayClosuresPreview = (facilityId: string, input: HolidayClosuresPreviewInput | null) =>
  useQuery({
    queryKey: closureKeys.holidayPreview(facilityId, input),
    queryFn: input
      ? ({ signal }) =>
          apiFetch<z.infer<typeof holidayClosuresPreviewResponse>>(`/api/facilities/${facilityId}/closures/holidays/preview`, {
            method: 'POST',
            body: input,
            signal,
          })
      : skipToken,
    staleTime: 0,
    placeholderData: keepPreviousData,
  })

export function useAddHolidayClosures(facilityId: string) {
  const invalidate = useInvalidateClosures()
  return useMutation({
    mutationFn: (input: HolidayClosuresInput) =>
      apiFetch<z.infer<typeof holidayClosuresResponse>>(`/api/facilities/${facilityId}/closures/holidays`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  })
}
