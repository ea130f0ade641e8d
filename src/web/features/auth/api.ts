import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { ApiError, apiFetch } from '@web/lib/api-client'
import type {
  currentUser,
  currentUserResponse,
  forgotPasswordResponse,
  resetPasswordResponse,
  signInResponse,
  signUpResponse,
} from '@shared/auth/responses'
import type { ForgotPasswordInput, SignInInput, SignUpInput } from '@shared/auth/schema'

export type CurrentUser = z.infer<typeof currentUser>

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
}

// Signed out is an answer (null), not an error.
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const { user } = await apiFetch<z.infer<typeof currentUserResponse>>('/api/me')
    return user
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null
    throw error
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: authKeys.me(), queryFn: fetchCurrentUser, staleTime: 60_000, retry: false })

export function signIn(input: SignInInput) {
  return apiFetch<z.infer<typeof signInResponse>>('/api/auth/sign-in/email', { method: 'POST', body: input })
}

export function signUp(input: SignUpInput) {
  return apiFetch<z.infer<typeof signUpResponse>>('/api/auth/sign-up/email', { method: 'POST', body: input })
}

export async function signOut() {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} })
  } catch (error) {
    // A session that is already gone is what signing out wants anyway (docs/product.md#accounts).
    if (error instanceof ApiError && (error.status === 401 || /session/i.test(error.message))) return
    throw error
  }
}

export function resetPassword(token: string, newPassword: string) {
  return apiFetch<z.infer<typeof resetPasswordResponse>>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } })
}

/** "Forgot password?": the answer is the same whether or not the email has an account. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiFetch<z.infer<typeof forgotPasswordResponse>>('/api/auth/forgot-password', { method: 'POST', body: input })
}
