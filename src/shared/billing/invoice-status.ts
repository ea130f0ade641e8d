// The statuses an invoice shows and their words, alone in their module: the web's lists and
// badges need them without the date maths of ageing.ts, which would otherwise split the shared
// calendar code into a chunk of its own for every page (docs/benchmarks.md).

export const INVOICE_STATUSES = ['draft', 'issued', 'partly_paid', 'paid', 'void', 'overdue'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  void: 'Void',
  overdue: 'Overdue',
}
