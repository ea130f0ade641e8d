// What other modules use of billing (docs/product.md#billing): the renters' portal reads a
// client's billing and an invoice through here, by the same rules as the venue's pages.
export { getInvoice } from './invoices/service'
export { getClientBilling } from './payments/service'
