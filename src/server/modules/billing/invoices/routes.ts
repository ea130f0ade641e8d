import { Hono } from 'hono'
import {
  generateInvoicesInput,
  invoiceDiscountInput,
  invoiceLineInput,
  invoiceListQuery,
  removeInvoiceLineInput,
  voidInvoiceInput,
} from '@shared/billing/schema'
import { allow } from '../../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../../http/validate'
import * as service from './service'

// Invoices and credit notes (docs/product.md#billing): all billing's. The caller's organisation
// owns every invoice these paths reach; another's is a 404 ('Invoice not found').
export function invoiceRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const invoiceId = uuidParams('Invoice')
  const invoiceLineIds = uuidParams<'id' | 'lineId'>('Invoice')

  app.get('/invoices', allow('bill'), queryParams(invoiceListQuery), async (c) =>
    c.json(await service.listInvoices(db, c.get('organisation').id, c.req.valid('query'))),
  )

  app.post('/invoices/generate', allow('bill'), jsonBody(generateInvoicesInput), async (c) =>
    c.json(await service.generateInvoices(db, c.get('organisation').id, c.req.valid('json'))),
  )

  app.get('/invoices/:id', allow('bill'), invoiceId, async (c) =>
    c.json({ invoice: await service.getInvoice(db, c.get('organisation').id, c.req.param('id')) }),
  )

  app.get('/invoices/:id/pdf', allow('bill'), invoiceId, async (c) => {
    const { filename, content } = await service.invoicePdf(db, c.get('organisation').id, c.req.param('id'))
    return c.body(content, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    })
  })

  app.post('/invoices/:id/lines', allow('bill'), invoiceId, jsonBody(invoiceLineInput), async (c) =>
    c.json({ invoice: await service.addLine(db, c.get('organisation').id, c.req.param('id'), c.req.valid('json')) }),
  )

  app.post('/invoices/:id/discount', allow('bill'), invoiceId, jsonBody(invoiceDiscountInput), async (c) =>
    c.json({ invoice: await service.addDiscount(db, c.get('organisation').id, c.req.param('id'), c.req.valid('json')) }),
  )

  app.post('/invoices/:id/lines/:lineId/remove', allow('bill'), invoiceLineIds, jsonBody(removeInvoiceLineInput), async (c) => {
    const { id, lineId } = c.req.param()
    return c.json({ invoice: await service.removeBookingLine(db, c.get('organisation').id, id, lineId, c.req.valid('json').reason) })
  })

  app.delete('/invoices/:id/lines/:lineId', allow('bill'), invoiceLineIds, async (c) => {
    const { id, lineId } = c.req.param()
    return c.json({ invoice: await service.deleteLine(db, c.get('organisation').id, id, lineId) })
  })

  app.delete('/invoices/:id', allow('bill'), invoiceId, async (c) => {
    await service.deleteDraft(db, c.get('organisation').id, c.req.param('id'))
    return c.body(null, 204)
  })

  app.post('/invoices/:id/issue', allow('bill'), invoiceId, async (c) =>
    c.json(await service.issueInvoice(db, c.get('organisation').id, c.get('user'), c.req.param('id'))),
  )

  app.post('/invoices/:id/void', allow('bill'), invoiceId, jsonBody(voidInvoiceInput), async (c) =>
    c.json(await service.voidInvoice(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json').reason)),
  )

  return app
}
