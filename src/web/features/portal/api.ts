import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { InvoiceDetail, InvoiceSummary } from '@shared/billing/responses'
import type {
  portalBookingPageResponse,
  portalContract,
  portalContractListResponse,
  portalFeedResponse,
  portalInvoiceListResponse,
  portalInvoiceResponse,
  portalLedgerLine,
  PortalBooking,
} from '@shared/portal/responses'
import type { PortalBookingWhen } from '@shared/portal/schema'
import type { CreateRequestInput, PortalFreeSlotsQuery } from '@shared/renting/requests'
import type {
  portalFacilitiesResponse,
  portalFreeSlotsResponse,
  renterRequest,
  renterRequestListResponse,
} from '@shared/renting/requests-responses'
import type { JoinWaitlistInput } from '@shared/renting/waitlist'
import type {
  ClaimOfferAnswer,
  WaitlistEntry,
  WaitlistFacility,
  WaitlistOffer,
  waitlistSpacesResponse,
} from '@shared/renting/waitlist-responses'
import { apiFetch } from '@web/lib/api-client'

// The renter's side of the API (docs/product.md#renters): every answer is narrowed on the server
// to the clients the account speaks for. The types are the shared response schemas' (ADR 0020).

export type BookingsWhen = PortalBookingWhen
export type { PortalBooking, InvoiceDetail, InvoiceSummary, WaitlistEntry, WaitlistFacility, WaitlistOffer }
export type PortalContract = z.infer<typeof portalContract>
export type LedgerLine = z.infer<typeof portalLedgerLine>
export type PortalInvoices = z.infer<typeof portalInvoiceListResponse>
export type PortalFacility = z.infer<typeof portalFacilitiesResponse>['facilities'][number]
export type RequestableSpace = PortalFacility['spaces'][number]
export type FreeSlots = z.infer<typeof portalFreeSlotsResponse>
export type FreeSlot = FreeSlots['slots'][number]
export type PortalRequest = z.infer<typeof renterRequest>
type FreeSlotsQuery = Pick<PortalFreeSlotsQuery, 'roomId' | 'date' | 'durationMinutes'>

// Everything the portal reads sits under 'portal', then under the client it is about: a renter's
// write refreshes that client's pages at once, and signing out drops them all.
export const portalKeys = {
  all: ['portal'] as const,
  client: (clientId: string) => [...portalKeys.all, 'client', clientId] as const,
  bookings: (clientId: string, when: BookingsWhen) => [...portalKeys.client(clientId), 'bookings', when] as const,
  contracts: (clientId: string) => [...portalKeys.client(clientId), 'contracts'] as const,
  invoices: (clientId: string) => [...portalKeys.client(clientId), 'invoices'] as const,
  invoice: (invoiceId: string) => [...portalKeys.all, 'invoice', invoiceId] as const,
  feed: (clientId: string) => [...portalKeys.client(clientId), 'feed'] as const,
  requests: (clientId: string) => [...portalKeys.client(clientId), 'requests'] as const,
  waitlist: () => [...portalKeys.all, 'waitlist'] as const,
  waitlistSpaces: () => [...portalKeys.all, 'waitlist-spaces'] as const,
  facilities: () => [...portalKeys.all, 'facilities'] as const,
  freeSlots: (query: FreeSlotsQuery) => [...portalKeys.all, 'free-slots', query] as const,
  offer: (offerId: string) => [...portalKeys.all, 'offer', offerId] as const,
}

const id = (value: string) => encodeURIComponent(value)
const search = (params: Record<string, string | number | null | undefined>) => {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value))
  return query.toString()
}

/** A client's bookings, soonest first when upcoming and latest first when past, a page at a time. */
export const usePortalBookings = (clientId: string, when: BookingsWhen) =>
  useInfiniteQuery({
    queryKey: portalKeys.bookings(clientId, when),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<z.infer<typeof portalBookingPageResponse>>(`/api/portal/bookings?${search({ clientId, when, cursor: pageParam })}`, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export const usePortalContracts = (clientId: string) =>
  useQuery({
    queryKey: portalKeys.contracts(clientId),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof portalContractListResponse>>(`/api/portal/contracts?${search({ clientId })}`, { signal }).then(
        (answer) => answer.contracts,
      ),
  })

/** The client's issued invoices, its balance and the payments recorded. */
export const usePortalInvoices = (clientId: string) =>
  useQuery({
    queryKey: portalKeys.invoices(clientId),
    queryFn: ({ signal }) => apiFetch<PortalInvoices>(`/api/portal/invoices?${search({ clientId })}`, { signal }),
  })

export const portalInvoiceQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: portalKeys.invoice(invoiceId),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof portalInvoiceResponse>>(`/api/portal/invoices/${id(invoiceId)}`, { signal }).then((answer) => answer.invoice),
  })

export const usePortalInvoice = (invoiceId: string) => useQuery(portalInvoiceQueryOptions(invoiceId))

/** The client's calendar feed address; the server makes the feed the first time it is asked. */
export const usePortalFeed = (clientId: string) =>
  useQuery({
    queryKey: portalKeys.feed(clientId),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof portalFeedResponse>>(`/api/portal/clients/${id(clientId)}/feed`, { signal }).then((answer) => answer.url),
    staleTime: Infinity,
  })

/** The facilities of the renter's venues, each with its spaces that accept requests. */
export const usePortalFacilities = () =>
  useQuery({
    queryKey: portalKeys.facilities(),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof portalFacilitiesResponse>>('/api/portal/facilities', { signal }).then((answer) => answer.facilities),
  })

/** Nothing is asked until a space, a day and a duration are chosen; the last answer stays on screen meanwhile. */
export const useFreeSlots = (query: FreeSlotsQuery | null) =>
  useQuery({
    queryKey: portalKeys.freeSlots(query ?? { roomId: '', date: '', durationMinutes: 0 }),
    queryFn: ({ signal }) => apiFetch<FreeSlots>(`/api/portal/free-slots?${search({ ...query! })}`, { signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const usePortalRequests = (clientId: string) =>
  useQuery({
    queryKey: portalKeys.requests(clientId),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof renterRequestListResponse>>(`/api/portal/requests?${search({ clientId })}`, { signal }).then(
        (answer) => answer.requests,
      ),
  })

/** The renter's waitlist windows that have not ended, soonest first. */
export const usePortalWaitlist = () =>
  useQuery({
    queryKey: portalKeys.waitlist(),
    queryFn: ({ signal }) => apiFetch<{ entries: WaitlistEntry[] }>('/api/portal/waitlist', { signal }).then((answer) => answer.entries),
  })

/** The facilities of the renter's venues with every space a window may be for (all but change rooms). */
export const useWaitlistSpaces = () =>
  useQuery({
    queryKey: portalKeys.waitlistSpaces(),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof waitlistSpacesResponse>>('/api/portal/waitlist/spaces', { signal }).then((answer) => answer.facilities),
  })

export const useOffer = (offerId: string) =>
  useQuery({
    queryKey: portalKeys.offer(offerId),
    queryFn: ({ signal }) =>
      apiFetch<{ offer: WaitlistOffer }>(`/api/portal/offers/${id(offerId)}`, { signal }).then((answer) => answer.offer),
  })

// A renter's write changes what the portal shows (a booking, its hours, a request, the free
// slots, an offer), so it refreshes everything the portal reads.
function usePortalMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.all }) })
}

export const useReleaseBooking = () =>
  usePortalMutation((bookingId: string) => apiFetch<unknown>(`/api/portal/bookings/${id(bookingId)}/release`, { method: 'POST' }))

export const useSendRequest = () =>
  usePortalMutation((input: CreateRequestInput) =>
    apiFetch<{ request: PortalRequest }>('/api/portal/requests', { method: 'POST', body: input }),
  )

export const useWithdrawRequest = () =>
  usePortalMutation((requestId: string) =>
    apiFetch<{ request: PortalRequest }>(`/api/portal/requests/${id(requestId)}/withdraw`, { method: 'POST' }),
  )

export const useJoinWaitlist = () =>
  usePortalMutation((input: JoinWaitlistInput) =>
    apiFetch<{ entry: WaitlistEntry }>('/api/portal/waitlist', { method: 'POST', body: input }),
  )

export const useLeaveWaitlist = () =>
  usePortalMutation((entryId: string) => apiFetch<void>(`/api/portal/waitlist/${id(entryId)}`, { method: 'DELETE' }))

export const useClaimOffer = (offerId: string) =>
  usePortalMutation((clientId: string) =>
    apiFetch<ClaimOfferAnswer>(`/api/portal/offers/${id(offerId)}/claim`, { method: 'POST', body: { clientId } }),
  )
