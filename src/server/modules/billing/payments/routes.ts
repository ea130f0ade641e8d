import { Hono } from 'hono'
import { paymentListQuery, recordPaymentInput } from '@shared/billing/payments'
import { allow } from '../../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../../http/validate'
import * as service from './service'

// Payments, a client's billing and Accounts Receivable (docs/product.md#billing): billing's, so
// the Owner's and the Manager's only. The caller's current organisation owns every client,
// invoice and payment these paths reach: another's id is a 404. The permission is checked first,
// so a forbidden caller gets 403 whatever the id or body.
export function paymentRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const clientId = uuidParams('Client')

  app.post('/payments', allow('bill'), jsonBody(recordPaymentInput), async (c) =>
    c.json({ payment: await service.recordPayment(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.get('/payments', allow('bill'), queryParams(paymentListQuery), async (c) =>
    c.json(await service.listPayments(db, c.get('organisation').id, c.req.valid('query'))),
  )

  app.get('/clients/:id/billing', allow('bill'), clientId, async (c) =>
    c.json(await service.getClientBilling(db, c.get('organisation').id, c.req.param('id'))),
  )

  app.get('/billing/receivables', allow('bill'), async (c) => c.json(await service.getReceivables(db, c.get('organisation').id)))

  app.get('/billing/receivables.csv', allow('bill'), async (c) => {
    const { asOf, text } = await service.getReceivablesCsv(db, c.get('organisation').id)
    return c.body(text, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="accounts-receivable-${asOf}.csv"`,
      'Cache-Control': 'no-store',
    })
  })

  return app
}
