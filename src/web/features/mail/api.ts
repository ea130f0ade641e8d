import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  mailListResponse,
  marketingRecipientsResponse,
  sendSelloffResponse,
  unsubscribeInfoResponse,
  unsubscribeResponse,
} from '@shared/mail/responses'
import type { MailStatus, SendSelloffInput } from '@shared/mail/schema'
import { apiFetch } from '@web/lib/api-client'

export type MailList = z.infer<typeof mailListResponse>
export type { MailMessage } from '@shared/mail/responses'
export type MarketingRecipient = z.infer<typeof marketingRecipientsResponse>['clients'][number]

/** Whose mail: the caller's organisation (/api/mail), or every message (/api/admin/mail). */
export type MailScope = 'organisation' | 'admin'

export const mailKeys = {
  all: ['mail'] as const,
  list: (scope: MailScope, status: MailStatus | undefined) => [...mailKeys.all, scope, status ?? 'all'] as const,
  recipients: () => [...mailKeys.all, 'recipients'] as const,
  unsubscribe: (token: string) => [...mailKeys.all, 'unsubscribe', token] as const,
}

function mailPath(scope: MailScope, status: MailStatus | undefined, cursor: string | null): string {
  const params = new URLSearchParams()
  if (status) params.set('status', status)
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  const path = scope === 'admin' ? '/api/admin/mail' : '/api/mail'
  return query ? `${path}?${query}` : path
}

/**
 * The outbox newest first, a page at a time. The worker changes a message's status within
 * seconds of its writing, so the list is read afresh and polled while any message still waits.
 */
export const useMail = (scope: MailScope, status: MailStatus | undefined) =>
  useInfiniteQuery({
    queryKey: mailKeys.list(scope, status),
    queryFn: ({ pageParam, signal }) => apiFetch<MailList>(mailPath(scope, status, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.messages.some((message) => message.status === 'queued' || message.status === 'sending'))
        ? 5_000
        : false,
  })

/** The clients a selloff can go to: those with an email, by name. */
export const useMarketingRecipients = (enabled: boolean) =>
  useQuery({
    queryKey: mailKeys.recipients(),
    queryFn: ({ signal }) => apiFetch<z.infer<typeof marketingRecipientsResponse>>('/api/marketing/recipients', { signal }),
    select: (result) => result.clients,
    enabled,
  })

export const useSendSelloff = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SendSelloffInput) =>
      apiFetch<z.infer<typeof sendSelloffResponse>>('/api/marketing/send', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  })
}

/** What the unsubscribe page asks about; no sign-in needed, the token is the key. */
export const useUnsubscribeInfo = (token: string) =>
  useQuery({
    queryKey: mailKeys.unsubscribe(token),
    queryFn: ({ signal }) => apiFetch<z.infer<typeof unsubscribeInfoResponse>>(`/api/unsubscribe/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  })

export const useUnsubscribe = (token: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<z.infer<typeof unsubscribeResponse>>(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.unsubscribe(token) }),
  })
}
