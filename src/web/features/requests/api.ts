import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  operatorRequest,
  operatorRequestListResponse,
  operatorRequestResponse,
  requestCountResponse,
} from '@shared/renting/requests-responses'
import type { DeclineRequestInput, RequestListQuery } from '@shared/renting/requests'
import { apiFetch } from '@web/lib/api-client'
import { EVENTS_QUERY_ROOT } from '@web/lib/query-keys'

/** A renter's request as the operators answering it see it (docs/product.md#renters). */
export type OperatorRequest = z.infer<typeof operatorRequest>
export type RequestListStatus = RequestListQuery['status']

export const requestKeys = {
  all: ['requests'] as const,
  count: () => [...requestKeys.all, 'count'] as const,
  list: (status: RequestListStatus) => [...requestKeys.all, 'list', status] as const,
}

// The sidebar's count stays fresh while the app is open: renters ask at any time.
const COUNT_REFRESH_MS = 60_000

/** The sidebar's count of pending requests, for who may answer them (0 for everyone else, without a request). */
export const usePendingRequestCount = (enabled: boolean) =>
  useQuery({
    queryKey: requestKeys.count(),
    queryFn: () => apiFetch<z.infer<typeof requestCountResponse>>('/api/requests/count').then((result) => result.pending),
    enabled,
    refetchInterval: COUNT_REFRESH_MS,
  }).data ?? 0

export const useRequests = (status: RequestListStatus) =>
  useQuery({
    queryKey: requestKeys.list(status),
    queryFn: () =>
      apiFetch<z.infer<typeof operatorRequestListResponse>>(`/api/requests?${new URLSearchParams({ status })}`).then(
        (result) => result.requests,
      ),
  })

// An answer changes the lists, the count and the calendars (a hold becomes a booking or goes).
function useAnswerRequest<Variables>(mutationFn: (variables: Variables) => Promise<OperatorRequest>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.all }),
        queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
      ]),
  })
}

const requestPath = (id: string) => `/api/requests/${encodeURIComponent(id)}`

export const useApproveRequest = () =>
  useAnswerRequest((id: string) =>
    apiFetch<z.infer<typeof operatorRequestResponse>>(`${requestPath(id)}/approve`, { method: 'POST' }).then((result) => result.request),
  )

export const useDeclineRequest = () =>
  useAnswerRequest(({ id, input }: { id: string; input: DeclineRequestInput }) =>
    apiFetch<z.infer<typeof operatorRequestResponse>>(`${requestPath(id)}/decline`, { method: 'POST', body: input }).then(
      (result) => result.request,
    ),
  )
