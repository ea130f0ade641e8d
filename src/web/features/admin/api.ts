import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { adminUser, adminUserListResponse, adminUserResponse, passwordResetLinkResponse } from '@shared/admin/responses'
import { apiFetch } from '@web/lib/api-client'

export type AdminUser = z.infer<typeof adminUser>

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
}

export const fetchUsers = () => apiFetch<z.infer<typeof adminUserListResponse>>('/api/admin/users').then((result) => result.users)

export const usersQueryOptions = () => queryOptions({ queryKey: adminKeys.users(), queryFn: fetchUsers })

export const useUsers = (enabled: boolean) => useQuery({ ...usersQueryOptions(), enabled })

function useUserAction<Result>(action: (userId: string) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  })
}

export const useApproveUser = () =>
  useUserAction((userId) => apiFetch<z.infer<typeof adminUserResponse>>(`/api/admin/users/${userId}/approve`, { method: 'POST' }))

export const useRevokeUser = () =>
  useUserAction((userId) => apiFetch<z.infer<typeof adminUserResponse>>(`/api/admin/users/${userId}/revoke`, { method: 'POST' }))

export const useResetPassword = () =>
  useUserAction((userId) =>
    apiFetch<z.infer<typeof passwordResetLinkResponse>>(`/api/admin/users/${userId}/reset-password`, { method: 'POST' }),
  )

/**
 * How many accounts wait for an admin: pending approval, or asking for a password reset. The
 * sidebar shows it on the Admin entry; it shares the admin page's query, so acting there updates it.
 */
export const useAccountsAwaitingAdmin = (isAdmin: boolean) =>
  useQuery({
    ...usersQueryOptions(),
    enabled: isAdmin,
    select: (users) => users.filter((user) => !user.approved || user.resetRequestedAt !== null).length,
  }).data ?? 0
