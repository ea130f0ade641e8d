import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { client, clientDependents, clientDetailResponse, clientListResponse, clientResponse } from '@shared/clients/responses'
import type { ClientInput } from '@shared/clients/schema'
import type { eventListResponse, placedEvent } from '@shared/events/responses'
import { apiFetch } from '@web/lib/api-client'
import { EVENTS_QUERY_ROOT } from '@web/lib/query-keys'

export type Client = z.infer<typeof client>

export type ClientDependents = z.infer<typeof clientDependents>

export type ClientDetail = z.infer<typeof clientDetailResponse>

export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: string) => [...clientKeys.details(), id] as const,
}

export const fetchClients = () => apiFetch<z.infer<typeof clientListResponse>>('/api/clients').then((result) => result.clients)

export const fetchClient = (id: string) => apiFetch<ClientDetail>(`/api/clients/${id}`)

export const clientsQueryOptions = () => queryOptions({ queryKey: clientKeys.list(), queryFn: fetchClients })

export const clientQueryOptions = (id: string) => queryOptions({ queryKey: clientKeys.detail(id), queryFn: () => fetchClient(id) })

export const useClients = () => useQuery(clientsQueryOptions())

export const useClient = (id: string) => useQuery(clientQueryOptions(id))

/** One of the client's events, with its space, facility and the zone its times are shown in. */
export type ClientBooking = z.infer<typeof placedEvent>

export type BookingsWhen = 'upcoming' | 'past'

// Below the events' root key: booking, moving or deleting an event anywhere refreshes these too.
const clientBookingsKey = (clientId: string, when: BookingsWhen) => [...EVENTS_QUERY_ROOT, 'client', { clientId, when }] as const

/**
 * The client's upcoming bookings (earliest first) or past ones (latest first), as many as the API
 * lists: a renter's request holding ice is not a booking yet (docs/product.md#renters).
 */
export const useClientBookings = (clientId: string, when: BookingsWhen) =>
  useQuery({
    queryKey: clientBookingsKey(clientId, when),
    queryFn: () =>
      apiFetch<z.infer<typeof eventListResponse>>(`/api/events/${when}?${new URLSearchParams({ clientId, kind: 'booking' })}`).then(
        (result) => result.events,
      ),
  })

/** Adds a client, or updates it when an id is given. */
export function useSaveClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ClientInput }) =>
      apiFetch<z.infer<typeof clientResponse>>(id ? `/api/clients/${id}` : '/api/clients', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }).then((result) => result.client),
    // Contracts and events show the client's name, so every list refreshes, not only the clients'.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

export function useDeleteClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/clients/${id}`, { method: 'DELETE' }),
    // The client's contracts go with it and its events lose it, so every list refreshes; its own
    // detail is dropped rather than refetched into a 404.
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) })
      return queryClient.invalidateQueries()
    },
  })
}
