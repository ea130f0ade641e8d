import { afterAll, beforeAll } from 'vitest'
import type { DatabaseKind } from '../db/client'
import { createTestApp, type TestApp, type TestUser } from './test-app'

type Accounts<Count extends number, Made extends TestUser[] = []> = Made['length'] extends Count
  ? Made
  : Accounts<Count, [...Made, TestUser]>

type TestAppOptions<Count extends number> = {
  /** Settings over the test defaults, as createTestApp takes them. */
  env?: Record<string, string>
} & (
  | {
      /** The first account, the admin, who approves the operators. */
      admin?: true
      /** Approved operators signed up after the admin, in this order. */
      operators?: Count
    }
  // For tests of the first sign-up itself, or of a bare app.
  | { admin: false; operators?: never }
)

/**
 * The describe block's app on a database of its own, its admin and its approved operators,
 * created before its tests and closed after them. The objects are filled in when the tests start
 * (beforeAll), so a describe block can hand them out by name, e.g.
 * `const { t, operators: [owner, stranger] } = useTestApp(kind, { operators: 2 })`. Hooks the
 * block registers after this call run after these accounts exist, and end before the app closes.
 */
export function useTestApp<Count extends number = 0>(kind: DatabaseKind, options: TestAppOptions<Count> = {}) {
  const t = {} as TestApp
  const admin = {} as TestUser
  const operators: TestUser[] = Array.from({ length: options.operators ?? 0 }, () => ({}) as TestUser)
  let isOpen = false

  beforeAll(async () => {
    Object.assign(t, await createTestApp(kind, options.env))
    isOpen = true
    if (options.admin === false) return
    Object.assign(admin, await t.createAdmin())
    for (const operator of operators) Object.assign(operator, await t.createOperator(admin))
  })
  afterAll(async () => {
    if (isOpen) await t.close()
  })

  return { t, admin, operators: operators as Accounts<Count> }
}
