import type { ApiErrorBody, ErrorCode } from '@shared/api-error'

export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode | 'NETWORK'
  readonly fields: Record<string, string>

  constructor(status: number, code: ApiError['code'], message: string, fields: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
}

// Every call to our API goes through here: JSON in, JSON out, and one error type out.
export async function apiFetch<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined || body instanceof FormData ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.')
  }
  if (response.status === 204) return undefined as T
  const payload = (await response.json().catch(() => null)) as unknown
  if (!response.ok) {
    const error = (payload as ApiErrorBody | null)?.error
    throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? 'An unexpected error occurred', error?.fields)
  }
  return payload as T
}

// A failure toast shows the spec's text; the server's message is the description when it adds something.
export function errorDescription(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status !== 500) return error.message
  return undefined
}
