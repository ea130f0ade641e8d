import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@web/lib/api-client'

export type AdminUser = {
  id: string
  email: string
  name: string
  approved: boolean
  role: string | null
  createdAt: string
}

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
}

export const fetchUsers = () => apiFetch<{ users: AdminUser[] }>('/api/admin/users').then((result) => result.users)

export const usersQueryOptions = () => queryOptions({ queryKey: adminKeys.users(), queryFn: fetchUsers })

export const useUsers = (enabled: boolean) => useQuery({ ...usersQueryOptions(), enabled })

function useUserAction<Result>(action: (userId: string) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  })
}

export const useApproveUser = () => useUserAction((userId) => apiFetch(`/api/admin/users/${userId}/approve`, { method: 'POST' }))

export const useRevokeUser = () => useUserAction((userId) => apiFetch(`/api/admin/users/${userId}/revoke`, { method: 'POST' }))

export const useResetPassword = () =>
  useUserAction((userId) =>
    apiFetch<{ resetLink: string; expiresAt: string }>(`/api/admin/users/${userId}/reset-password`, { method: 'POST' }),
  )
