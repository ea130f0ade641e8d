import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ScreenTheme } from '@shared/limits'
import type { ScreenInput } from '@shared/screens/schema'
import { apiFetch } from '@web/lib/api-client'

export type ScreenRoom = { roomId: string; color: string; name: string; facilityName: string }

export type Screen = {
  id: string
  name: string
  location: string | null
  size: string | null
  /** The board's public address is /display/{slug}; it never changes. */
  slug: string
  theme: ScreenTheme
  logoUrl: string | null
  showTicker: boolean
  tickerText: string
  createdAt: string
  rooms: ScreenRoom[]
}

/** A room a screen may show: any of the operator's spaces except change rooms. */
export type RoomOption = { id: string; name: string; facilityId: string; facilityName: string }

export const screenKeys = {
  all: ['screens'] as const,
  list: () => [...screenKeys.all, 'list'] as const,
  roomOptions: () => [...screenKeys.all, 'room-options'] as const,
}

export const fetchScreens = () => apiFetch<{ screens: Screen[] }>('/api/screens').then((result) => result.screens)

// The rooms the scheduling API offers for booking are exactly the ones a board can show.
export const fetchRoomOptions = () => apiFetch<{ rooms: RoomOption[] }>('/api/events/rooms').then((result) => result.rooms)

export const screensQueryOptions = () => queryOptions({ queryKey: screenKeys.list(), queryFn: fetchScreens })

// Rooms are added on other pages, so the list is read afresh each time a dialog needs it.
export const roomOptionsQueryOptions = () => queryOptions({ queryKey: screenKeys.roomOptions(), queryFn: fetchRoomOptions, staleTime: 0 })

export const useScreens = () => useQuery(screensQueryOptions())

export const useRoomOptions = ({ enabled }: { enabled: boolean }) => useQuery({ ...roomOptionsQueryOptions(), enabled })

const unwrapScreen = (result: { screen: Screen }) => result.screen

function useScreenMutation<Variables>(mutationFn: (variables: Variables) => Promise<Screen | void>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: screenKeys.list() }) })
}

export const useCreateScreen = () =>
  useScreenMutation((input: ScreenInput) => apiFetch<{ screen: Screen }>('/api/screens', { method: 'POST', body: input }).then(unwrapScreen))

export const useUpdateScreen = (id: string) =>
  useScreenMutation((input: ScreenInput) => apiFetch<{ screen: Screen }>(`/api/screens/${id}`, { method: 'PUT', body: input }).then(unwrapScreen))

export const useDeleteScreen = () => useScreenMutation((id: string) => apiFetch<void>(`/api/screens/${id}`, { method: 'DELETE' }))

export const useUploadLogo = (id: string) =>
  useScreenMutation((file: File) => {
    const form = new FormData()
    form.append('logo', file)
    return apiFetch<{ screen: Screen }>(`/api/screens/${id}/logo`, { method: 'PUT', body: form }).then(unwrapScreen)
  })

export const useRemoveLogo = (id: string) =>
  useScreenMutation(() => apiFetch<{ screen: Screen }>(`/api/screens/${id}/logo`, { method: 'DELETE' }).then(unwrapScreen))
