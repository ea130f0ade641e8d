import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { feedLookupResponse, feedResponse, Feed } from '@shared/feeds/responses'
import type { FeedScope } from '@shared/feeds/schema'
import { apiFetch } from '@web/lib/api-client'

export type { Feed }

type FeedLookup = z.infer<typeof feedLookupResponse>
type FeedAnswer = z.infer<typeof feedResponse>

export const feedKeys = {
  all: ['feeds'] as const,
  of: (scope: FeedScope, targetId: string) => [...feedKeys.all, scope, targetId] as const,
}

/** The feed of a client, space or facility; null while it has none. */
export const useFeed = (scope: FeedScope, targetId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: feedKeys.of(scope, targetId),
    queryFn: () => apiFetch<FeedLookup>(`/api/feeds?scope=${scope}&targetId=${encodeURIComponent(targetId)}`).then((result) => result.feed),
    enabled,
  })

// Every change answers the feed as it now is: it replaces the cached one.
function useFeedMutation<Variables>(scope: FeedScope, targetId: string, mutationFn: (variables: Variables) => Promise<FeedAnswer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: Variables) => mutationFn(variables).then((result) => result.feed),
    onSuccess: (feed) => queryClient.setQueryData(feedKeys.of(scope, targetId), feed),
  })
}

export const useCreateFeed = (scope: FeedScope, targetId: string) =>
  useFeedMutation(scope, targetId, (includeClientNames: boolean) =>
    apiFetch<FeedAnswer>('/api/feeds', { method: 'POST', body: { scope, targetId, includeClientNames } }),
  )

export const useResetFeed = (scope: FeedScope, targetId: string) =>
  useFeedMutation(scope, targetId, (feedId: string) => apiFetch<FeedAnswer>(`/api/feeds/${feedId}/reset`, { method: 'POST' }))

export const useUpdateFeed = (scope: FeedScope, targetId: string) =>
  useFeedMutation(scope, targetId, ({ feedId, includeClientNames }: { feedId: string; includeClientNames: boolean }) =>
    apiFetch<FeedAnswer>(`/api/feeds/${feedId}`, { method: 'PUT', body: { includeClientNames } }),
  )
