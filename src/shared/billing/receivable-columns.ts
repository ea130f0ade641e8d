// A module of its own, without zod, so the pages that show these columns load no schema code.

/**
 * The figures of Accounts Receivable in their order (fields of `receivablesRow` in
 * payments-responses.ts): each one's label on the page and its header in the CSV export, whose
 * headers stay ASCII and never change (docs/product.md#billing).
 */
export const RECEIVABLE_COLUMNS = [
  { field: 'currentMinor', label: 'Current', csvHeader: 'Current' },
  { field: 'days1to30Minor', label: '1–30', csvHeader: '1-30' },
  { field: 'days31to60Minor', label: '31–60', csvHeader: '31-60' },
  { field: 'days61to90Minor', label: '61–90', csvHeader: '61-90' },
  { field: 'over90Minor', label: '90+', csvHeader: '90+' },
  { field: 'totalMinor', label: 'Total', csvHeader: 'Total' },
  { field: 'creditMinor', label: 'Credit', csvHeader: 'Credit' },
] as const
