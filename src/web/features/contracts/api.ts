import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  chargingContractResponse,
  contract,
  contractGroup,
  contractGroupListResponse,
  contractListResponse,
  contractResponse,
  usageLogResponse,
  usageReportResponse,
} from '@shared/contracts/responses'
import type { ContractInput, UsageInput } from '@shared/contracts/schema'
import type { bookableRoomListResponse } from '@shared/events/responses'
import { apiFetch } from '@web/lib/api-client'
import { clientKeys } from '@web/features/clients'

export type Contract = z.infer<typeof contract>

export type ContractGroup = z.infer<typeof contractGroup>

export type UsageReport = z.infer<typeof usageReportResponse>

export type ChargingContract = NonNullable<z.infer<typeof chargingContractResponse>['contract']>

export type ScopeSpace = z.infer<typeof bookableRoomListResponse>['rooms'][number]

// Everything about contracts and their ledger sits under 'contracts', so one invalidation
// refreshes the grouped list, a client's contracts and its usage report together.
export const contractKeys = {
  all: ['contracts'] as const,
  groups: () => [...contractKeys.all, 'groups'] as const,
  ofClient: (clientId: string) => [...contractKeys.all, 'client', clientId] as const,
  usageOfClient: (clientId: string) => [...contractKeys.all, 'usage', clientId] as const,
  charging: (clientId: string, roomId: string, date: string) => [...contractKeys.all, 'charging', clientId, roomId, date] as const,
}

// The bookable spaces under the key the event dialogs read them by, so that a space's change
// refreshes both (features/events/api.ts, bookableRoomKeys).
const scopeSpacesKey = ['rooms', 'bookable'] as const

export const fetchContractGroups = () =>
  apiFetch<z.infer<typeof contractGroupListResponse>>('/api/contracts').then((result) => result.groups)

export const fetchClientContracts = (clientId: string) =>
  apiFetch<z.infer<typeof contractListResponse>>(`/api/clients/${clientId}/contracts`).then((result) => result.contracts)

export const fetchUsageReport = (clientId: string) => apiFetch<UsageReport>(`/api/clients/${clientId}/usage`)

export const contractGroupsQueryOptions = () => queryOptions({ queryKey: contractKeys.groups(), queryFn: fetchContractGroups })

export const clientContractsQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: contractKeys.ofClient(clientId), queryFn: () => fetchClientContracts(clientId) })

export const usageReportQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: contractKeys.usageOfClient(clientId), queryFn: () => fetchUsageReport(clientId) })

export const useContractGroups = () => useQuery(contractGroupsQueryOptions())

export const useClientContracts = (clientId: string) => useQuery(clientContractsQueryOptions(clientId))

export const useUsageReport = (clientId: string) => useQuery(usageReportQueryOptions(clientId))

/** The contract a booking of the client in the space on the day would be charged to now; off while `booking` is null. */
export const useChargingContract = (booking: { clientId: string; roomId: string; date: string } | null) =>
  useQuery({
    queryKey: contractKeys.charging(booking?.clientId ?? '', booking?.roomId ?? '', booking?.date ?? ''),
    queryFn: booking
      ? () =>
          apiFetch<z.infer<typeof chargingContractResponse>>(
            `/api/clients/${booking.clientId}/charging-contract?${new URLSearchParams({ roomId: booking.roomId, date: booking.date })}`,
          ).then((result) => result.contract)
      : skipToken,
  })

/** Every bookable space of the organisation, for 'Applies to'. */
export const useScopeSpaces = (enabled: boolean) =>
  useQuery({
    queryKey: scopeSpacesKey,
    queryFn: () => apiFetch<z.infer<typeof bookableRoomListResponse>>('/api/events/rooms').then((result) => result.rooms),
    staleTime: 0,
    enabled,
  })

function useContractMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // A client's detail counts its contracts for the deletion dialog, so it is refreshed too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientKeys.details() }),
      ]),
  })
}

/** Creates a contract, or updates it when an id is given. */
export const useSaveContract = () =>
  useContractMutation(({ id, input }: { id?: string; input: ContractInput }) =>
    apiFetch<z.infer<typeof contractResponse>>(id ? `/api/contracts/${id}` : '/api/contracts', {
      method: id ? 'PUT' : 'POST',
      body: input,
    }),
  )

export const useDeleteContract = () => useContractMutation((id: string) => apiFetch<void>(`/api/contracts/${id}`, { method: 'DELETE' }))

export const useLogUsage = () =>
  useContractMutation((input: UsageInput) => apiFetch<z.infer<typeof usageLogResponse>>('/api/usage', { method: 'POST', body: input }))
