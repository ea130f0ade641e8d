import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { activityPageResponse } from '@shared/activity/responses'
import type { ActivityEntity } from '@shared/activity/schema'
import { apiFetch } from '@web/lib/api-client'

export type ActivityPage = z.infer<typeof activityPageResponse>
export type { ActivityEntry } from '@shared/activity/responses'

/** What GET /api/activity narrows by: `from` and `to` are instants, `to` exclusive. */
export type ActivityFilters = {
  person?: string
  kind?: ActivityEntity
  from?: string
  to?: string
  entityId?: string
}

export const activityKeys = {
  all: ['activity'] as const,
  list: (filters: ActivityFilters) => [...activityKeys.all, 'list', filters] as const,
}

function activityPath(filters: ActivityFilters, before: string | null): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...filters, before })) if (value) params.set(name, value)
  const query = params.toString()
  return query ? `/api/activity?${query}` : '/api/activity'
}

/**
 * The trail newest first, a page of 50 at a time. Any write by anyone adds to it, so it is read
 * afresh each time a page or a sheet shows it rather than kept for the usual half minute.
 */
export const useActivity = (filters: ActivityFilters, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => apiFetch<ActivityPage>(activityPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
    enabled,
    // Changing a filter keeps the previous entries on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  })
