import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@shared/billing/invoice-status'
import { Badge } from '@web/components/ui/badge'

const VARIANTS: Record<InvoiceStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  draft: 'outline',
  issued: 'secondary',
  partly_paid: 'secondary',
  paid: 'default',
  void: 'outline',
  overdue: 'destructive',
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge variant={VARIANTS[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>
}
