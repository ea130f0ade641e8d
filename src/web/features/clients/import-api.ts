import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { importPreviewResponse, importResponse } from '@shared/clients/responses'
import { apiFetch } from '@web/lib/api-client'

export type ImportPreview = z.infer<typeof importPreviewResponse>
export type ImportPreviewRow = ImportPreview['rows'][number]

/** 'Import Clients': what the file would do, row by row; nothing is written (ADR 0068). */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) => apiFetch<ImportPreview>('/api/clients/import/preview', { method: 'POST', body: { csv } }),
  })
}

/** The import itself, all or nothing; every list refreshes, as after Add Client. */
export function useImportClients() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (csv: string) => apiFetch<z.infer<typeof importResponse>>('/api/clients/import', { method: 'POST', body: { csv } }),
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
