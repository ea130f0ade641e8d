import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ClientInput } from '@shared/clients/schema'
import type { FacilityInput } from '@shared/facilities/schema'
import type { setupProgress, setupProgressResponse, setupStepResponse, stepStatus } from '@shared/setup/responses'
import type {
  SetupChangeRoomsInput,
  SetupDisplayRoomsInput,
  SetupDisplaysInput,
  SetupSpacesInput,
  SkippableStep,
} from '@shared/setup/schema'
import { clientKeys } from '@web/features/clients'
import { screenKeys } from '@web/features/displays'
import { facilityKeys } from '@web/features/facilities'
import { ApiError, apiFetch } from '@web/lib/api-client'

export type StepStatus = z.infer<typeof stepStatus>

export type SetupProgress = z.infer<typeof setupProgress>

export const setupKeys = {
  all: ['setup'] as const,
  progress: () => [...setupKeys.all, 'progress'] as const,
}

export const fetchSetupProgress = () =>
  apiFetch<z.infer<typeof setupProgressResponse>>('/api/setup/progress').then((result) => result.progress)

// Read afresh on every visit: the wizard may have moved on in another tab or on another device.
export const setupProgressQueryOptions = () =>
  queryOptions({ queryKey: setupKeys.progress(), queryFn: fetchSetupProgress, staleTime: 0, refetchOnMount: 'always' })

export const useSetupProgress = () => useQuery(setupProgressQueryOptions())

/**
 * Every step answers with the whole progress, which replaces the cached one. A 409 means the
 * step was already done (another tab, a retry): reading the progress again shows what it made.
 */
function useSetupMutation<Variables>(request: (variables: Variables) => Promise<SetupProgress>, affected: QueryKey[] = []) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: async (progress) => {
      // A finished run is no longer one to resume; the page shows its completion from this answer.
      queryClient.setQueryData(setupKeys.progress(), progress.completedAt ? null : progress)
      await Promise.all(affected.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: setupKeys.progress() })
    },
  })
}

const post = (path: string, body?: unknown) =>
  apiFetch<z.infer<typeof setupStepResponse>>(`/api/setup/${path}`, { method: 'POST', body }).then((result) => result.progress)

export const useStartSetup = () => useSetupMutation((input: FacilityInput) => post('facility', input), [facilityKeys.all])

export const useAddSpaces = () => useSetupMutation((input: SetupSpacesInput) => post('spaces', input), [facilityKeys.all])

export const useAddChangeRooms = () => useSetupMutation((input: SetupChangeRoomsInput) => post('change-rooms', input), [facilityKeys.all])

export const useAddDisplays = () => useSetupMutation((input: SetupDisplaysInput) => post('displays', input), [screenKeys.all])

export const useConfigureDisplays = () =>
  useSetupMutation((input: SetupDisplayRoomsInput) => post('display-rooms', input), [screenKeys.all])

export const useAddClient = () => useSetupMutation((input: ClientInput) => post('client', input), [clientKeys.all])

export const useSkipStep = () => useSetupMutation((step: SkippableStep) => post('skip', { step }))

export const useCompleteSetup = () => useSetupMutation(() => post('complete'))
