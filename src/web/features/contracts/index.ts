// What the rest of the app uses of contracts; everything else here is the feature's own (ADR 0019).
export { contractKeys, useClientContracts, useUsageReport } from './api'
export { ContractCard } from './components/contract-card'
export { ContractHoursWarning } from './components/deferred-contract-hours-warning'
export { formatHours, usedPercent } from './hours'
export { LogHoursDialog } from './components/deferred-log-hours-dialog'
export { UsageReport } from './components/usage-report'
export type { ContractsPageState } from './contracts-page'
