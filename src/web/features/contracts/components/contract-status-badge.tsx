import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@shared/limits'
import { Badge } from '@web/components/ui/badge'

// Completed is the destructive style (docs/product.md#clients-and-contracts): its hours are gone.
const VARIANTS = { active: 'default', expired: 'secondary', completed: 'destructive' } as const

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <Badge variant={VARIANTS[status]}>{CONTRACT_STATUS_LABELS[status]}</Badge>
}
