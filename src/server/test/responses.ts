import { expect } from 'vitest'

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

/** The body of a response expected to have `status`; on any other, the failure shows the body. */
export async function expectJson<T>(response: Response, status: number): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

/** The error of a refused request. */
export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ((await response.json()) as ErrorBody).error
}
