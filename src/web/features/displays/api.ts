import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { screen, screenListResponse, screenResponse } from '@shared/screens/responses'
import type { ScreenInput } from '@shared/screens/schema'
import { apiFetch } from '@web/lib/api-client'

export type Screen = z.infer<typeof screen>

type ScreenResponse = z.infer<typeof screenResponse>

/** A room a screen may show: any of the operator's spaces except change rooms. */
export type RoomOption = { id: string; name: string; facilityId: string; facilityName: string }

export const screenKeys = {
  all: ['screens'] as const,
  list: () => [...screenKeys.all, 'list'] as const,
  roomOptions: () => [...screenKeys.all, 'room-options'] as const,
}

export const fetchScreens = () => apiFetch<z.infer<typeof screenListResponse>>('/api/screens').then((result) => result.screens)

// The rooms the scheduling API offers for booking are exactly the ones a board can show.
export const fetchRoomOptions = () => apiFetch<{ rooms: RoomOption[] }>('/api/events/rooms').then((result) => result.rooms)

export const screensQueryOptions = () => queryOptions({ queryKey: screenKeys.list(), queryFn: fetchScreens })

// Rooms are added on other pages, so the list is read afresh each time a dialog needs it.
export const roomOptionsQueryOptions = () => queryOptions({ queryKey: screenKeys.roomOptions(), queryFn: fetchRoomOptions, staleTime: 0 })

export const useScreens = () => useQuery(screensQueryOptions())

export const useRoomOptions = ({ enabled }: { enabled: boolean }) => useQuery({ ...roomOptionsQueryOptions(), enabled })

const unwrapScreen = (result: ScreenResponse) => result.screen

function useScreenMutation<Variables>(mutationFn: (variables: Variables) => Promise<Screen | void>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: screenKeys.list() }) })
}

export const useCreateScreen = () =>
  useScreenMutation((input: ScreenInput) => apiFetch<ScreenResponse>('/api/screens', { method: 'POST', body: input }).then(unwrapScreen))

export const useUpdateScreen = (id: string) =>
  useScreenMutation((input: ScreenInput) =>
    apiFetch<ScreenResponse>(`/api/screens/${id}`, { method: 'PUT', body: input }).then(unwrapScreen),
  )

export const useDeleteScreen = () => useScreenMutation((id: string) => apiFetch<void>(`/api/screens/${id}`, { method: 'DELETE' }))

export const useUploadLogo = (id: string) =>
  useScreenMutation((file: File) => {
    const form = new FormData()
    form.append('logo', file)
    return apiFetch<ScreenResponse>(`/api/screens/${id}/logo`, { method: 'PUT', body: form }).then(unwrapScreen)
  })

export const useRemoveLogo = (id: string) =>
  useScreenMutation(() => apiFetch<ScreenResponse>(`/api/screens/${id}/logo`, { method: 'DELETE' }).then(unwrapScreen))
