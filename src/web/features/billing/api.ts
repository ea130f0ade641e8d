import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { InvoiceStatus } from '@shared/billing/invoice-status'
import type { ClientBilling, Payment, Receivables } from '@shared/billing/payments-responses'
import type { RecordPaymentInput } from '@shared/billing/payments'
import type {
  BillingSettings,
  clientRatesResponse,
  generateInvoicesResponse,
  InvoiceDetail,
  invoiceListResponse,
  Rate,
  roomRatesResponse,
} from '@shared/billing/responses'
import type { BillingSettingsInput, GenerateInvoicesInput, InvoiceDiscountInput, InvoiceLineInput, RateInput } from '@shared/billing/schema'
import type { bookableRoomListResponse } from '@shared/events/responses'
import { apiFetch } from '@web/lib/api-client'

// The answers of the billing routes, inferred from their shared schemas (ADR 0020, 0061, 0062).
export type { BillingSettings, ClientBilling, InvoiceDetail, Payment, Rate, Receivables }
export type { InvoiceLine, InvoiceSummary } from '@shared/billing/responses'
export type RoomRates = z.infer<typeof roomRatesResponse>
export type ClientRate = z.infer<typeof clientRatesResponse>['rates'][number]
export type GenerateInvoicesResult = z.infer<typeof generateInvoicesResponse>
export type BookableSpace = z.infer<typeof bookableRoomListResponse>['rooms'][number]

// What the forms send: the shared schemas' inputs, before the server's defaults and trimming.
export type GenerateInvoicesRequest = Pick<GenerateInvoicesInput, 'periodStart' | 'periodEnd'> & { clientId?: string }
export type DiscountRequest = Partial<Pick<InvoiceDiscountInput, 'description' | 'percentThousandths' | 'amountMinor'>>
export type RecordPaymentRequest = RecordPaymentInput
export type { RateInput }

// Everything billing reads sits under 'billing': a payment or an issued invoice changes a
// client's balance, the receivables and the invoice lists at once, so one invalidation refreshes them.
export const billingKeys = {
  all: ['billing'] as const,
  settings: () => [...billingKeys.all, 'settings'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  invoiceList: (status: InvoiceStatus | undefined) => [...billingKeys.invoices(), 'list', status ?? 'all'] as const,
  invoice: (id: string) => [...billingKeys.invoices(), 'detail', id] as const,
  clientBilling: (clientId: string) => [...billingKeys.all, 'client', clientId] as const,
  receivables: () => [...billingKeys.all, 'receivables'] as const,
  rates: () => [...billingKeys.all, 'rates'] as const,
  roomRates: (roomId: string) => [...billingKeys.rates(), 'room', roomId] as const,
  clientRates: (clientId: string) => [...billingKeys.rates(), 'client', clientId] as const,
}

const id = (value: string) => encodeURIComponent(value)

export const billingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.settings(),
    queryFn: ({ signal }) => apiFetch<BillingSettings>('/api/billing/settings', { signal }),
  })

export const useBillingSettings = (enabled = true) => useQuery({ ...billingSettingsQueryOptions(), enabled })

export const useSaveBillingSettings = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BillingSettingsInput) => apiFetch<BillingSettings>('/api/billing/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.settings(), saved)
      return queryClient.invalidateQueries({ queryKey: billingKeys.all })
    },
  })
}

function invoicesPath(status: InvoiceStatus | undefined, before: string | null): string {
  const params = new URLSearchParams()
  if (status) params.set('status', status)
  if (before) params.set('before', before)
  const query = params.toString()
  return query ? `/api/invoices?${query}` : '/api/invoices'
}

/** The invoices newest first, 50 a page. */
export const useInvoices = (status: InvoiceStatus | undefined) =>
  useInfiniteQuery({
    queryKey: billingKeys.invoiceList(status),
    queryFn: ({ pageParam, signal }) => apiFetch<z.infer<typeof invoiceListResponse>>(invoicesPath(status, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  })

export const invoiceQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: billingKeys.invoice(invoiceId),
    queryFn: ({ signal }) => apiFetch<{ invoice: InvoiceDetail }>(`/api/invoices/${id(invoiceId)}`, { signal }).then((r) => r.invoice),
  })

export const useInvoice = (invoiceId: string, enabled = true) => useQuery({ ...invoiceQueryOptions(invoiceId), enabled })

export const useClientBilling = (clientId: string) =>
  useQuery({
    queryKey: billingKeys.clientBilling(clientId),
    queryFn: ({ signal }) => apiFetch<ClientBilling>(`/api/clients/${id(clientId)}/billing`, { signal }),
  })

export const useReceivables = () =>
  useQuery({
    queryKey: billingKeys.receivables(),
    queryFn: ({ signal }) => apiFetch<Receivables>('/api/billing/receivables', { signal }),
  })

export const useRoomRates = (roomId: string) =>
  useQuery({
    queryKey: billingKeys.roomRates(roomId),
    queryFn: ({ signal }) => apiFetch<RoomRates>(`/api/rooms/${id(roomId)}/rates`, { signal }),
  })

export const useClientRates = (clientId: string) =>
  useQuery({
    queryKey: billingKeys.clientRates(clientId),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof clientRatesResponse>>(`/api/clients/${id(clientId)}/rates`, { signal }).then((r) => r.rates),
  })

// Every billing write refreshes all that billing reads (see billingKeys).
function useBillingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) })
}

export const useGenerateInvoices = () =>
  useBillingMutation((input: GenerateInvoicesRequest) =>
    apiFetch<GenerateInvoicesResult>('/api/invoices/generate', { method: 'POST', body: input }),
  )

type InvoiceAnswer = { invoice: InvoiceDetail }

export const useAddInvoiceLine = (invoiceId: string) =>
  useBillingMutation((input: InvoiceLineInput) =>
    apiFetch<InvoiceAnswer>(`/api/invoices/${id(invoiceId)}/lines`, { method: 'POST', body: input }),
  )

export const useAddDiscount = (invoiceId: string) =>
  useBillingMutation((input: DiscountRequest) =>
    apiFetch<InvoiceAnswer>(`/api/invoices/${id(invoiceId)}/discount`, { method: 'POST', body: input }),
  )

export const useRemoveInvoiceLine = (invoiceId: string) =>
  useBillingMutation(({ lineId, reason }: { lineId: string; reason: string }) =>
    apiFetch<InvoiceAnswer>(`/api/invoices/${id(invoiceId)}/lines/${id(lineId)}/remove`, { method: 'POST', body: { reason } }),
  )

export const useDeleteInvoiceLine = (invoiceId: string) =>
  useBillingMutation((lineId: string) =>
    apiFetch<InvoiceAnswer>(`/api/invoices/${id(invoiceId)}/lines/${id(lineId)}`, { method: 'DELETE' }),
  )

export const useDeleteDraft = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invoiceId: string) => apiFetch<void>(`/api/invoices/${id(invoiceId)}`, { method: 'DELETE' }),
    // The draft's own detail is dropped rather than refetched into a 404.
    onSuccess: (_, invoiceId) => {
      queryClient.removeQueries({ queryKey: billingKeys.invoice(invoiceId) })
      return queryClient.invalidateQueries({ queryKey: billingKeys.all })
    },
  })
}

export const useIssueInvoice = () =>
  useBillingMutation((invoiceId: string) =>
    apiFetch<InvoiceAnswer & { emailed: boolean }>(`/api/invoices/${id(invoiceId)}/issue`, { method: 'POST' }),
  )

export const useVoidInvoice = () =>
  useBillingMutation(({ invoiceId, reason }: { invoiceId: string; reason: string }) =>
    apiFetch<InvoiceAnswer & { emailed: boolean }>(`/api/invoices/${id(invoiceId)}/void`, { method: 'POST', body: { reason } }),
  )

export const useRecordPayment = () =>
  useBillingMutation((input: RecordPaymentRequest) => apiFetch<{ payment: Payment }>('/api/payments', { method: 'POST', body: input }))

export const useSetRoomRates = (roomId: string) =>
  useBillingMutation((input: RateInput) => apiFetch<{ rate: Rate }>(`/api/rooms/${id(roomId)}/rates`, { method: 'PUT', body: input }))

export const useSetClientRates = (clientId: string) =>
  useBillingMutation(({ roomId, ...input }: RateInput & { roomId: string }) =>
    apiFetch<{ rate: Rate }>(`/api/clients/${id(clientId)}/rates/${id(roomId)}`, { method: 'PUT', body: input }),
  )

export const useRemoveClientRates = (clientId: string) =>
  useBillingMutation((roomId: string) => apiFetch<void>(`/api/clients/${id(clientId)}/rates/${id(roomId)}`, { method: 'DELETE' }))

/** Every bookable space, under the key the event dialogs read them by (features/events/api.ts). */
export const useBookableSpaces = (enabled: boolean) =>
  useQuery({
    queryKey: ['rooms', 'bookable'],
    queryFn: () => apiFetch<{ rooms: BookableSpace[] }>('/api/events/rooms').then((result) => result.rooms),
    enabled,
  })
