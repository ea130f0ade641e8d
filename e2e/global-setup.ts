import { request, type FullConfig } from '@playwright/test'
import { ADMIN } from './fixtures'

// The first account on the fresh e2e database becomes its administrator (ADR 0004).
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  const response = await context.post('/api/auth/sign-up/email', {
    data: { fullName: ADMIN.fullName, email: ADMIN.email, password: ADMIN.password },
  })
  if (response.status() !== 201) throw new Error(`could not create the e2e admin: ${response.status()} ${await response.text()}`)
  await context.dispose()
}
