import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { StatementResponse } from '@shared/exports/responses'
import type { Period } from '@shared/reports/periods'
import type { ReportResponse } from '@shared/reports/responses'
import { apiFetch } from '@web/lib/api-client'

export type ReportFilters = { facilityId: string; from: string; to: string }

export const reportKeys = {
  all: ['reports'] as const,
  report: (filters: ReportFilters) => [...reportKeys.all, 'report', filters] as const,
  statement: (clientId: string, period: Period) => [...reportKeys.all, 'statement', clientId, period] as const,
}

/** GET /api/reports for a facility (or 'all') and a period; the last answer stays on screen while the next loads. */
export const useReport = (filters: ReportFilters, isEnabled: boolean) =>
  useQuery({
    queryKey: reportKeys.report(filters),
    queryFn: () => apiFetch<ReportResponse>(`/api/reports?${new URLSearchParams(filters)}`),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  })

export type ExportName = 'events' | 'clients' | 'contracts' | 'usage'

/** The address of a CSV export (src/server/modules/exports): the browser downloads it as the server names it. */
export function exportUrl(name: ExportName, filters: ReportFilters): string {
  const query =
    name === 'events' ? new URLSearchParams(filters) : name === 'usage' ? new URLSearchParams({ from: filters.from, to: filters.to }) : null
  return `/api/exports/${name}.csv${query ? `?${query}` : ''}`
}

/** A client's statement for a period (GET /api/clients/:id/statement). */
export const useStatement = (clientId: string, period: Period, isEnabled: boolean) =>
  useQuery({
    queryKey: reportKeys.statement(clientId, period),
    queryFn: () =>
      apiFetch<StatementResponse>(`/api/clients/${clientId}/statement?${new URLSearchParams({ from: period.from, to: period.to })}`),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  })

/** The same statement as CSV, downloaded as the server names it. */
export const statementCsvUrl = (clientId: string, period: Period) =>
  `/api/clients/${clientId}/statement.csv?${new URLSearchParams({ from: period.from, to: period.to })}`
