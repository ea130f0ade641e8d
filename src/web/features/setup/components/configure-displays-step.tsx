import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { COLOR_PALETTE } from '@shared/colors'
import { setupDisplayRoomsInput, type SetupDisplayRoomsFormValues, type SetupDisplayRoomsInput } from '@shared/setup/schema'
import { Button } from '@web/components/ui/button'
import { RoomPicker, type RoomOption } from '@web/features/displays'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { useConfigureDisplays, type SetupProgress } from '../api'
import { BatchError } from './batch-rows'
import { BoardLink } from './board-link'
import { CreatedItem, CreatedSummary } from './created-summary'
import { toastStepFailure } from './toast-step-failure'

// The palette's colours, the spec's default room colour first, then three hues on each time, so
// that neighbouring blocks on the board stay apart (blue, yellow, pink, teal, ...).
const ROOM_COLORS = COLOR_PALETTE.map((_, index) => COLOR_PALETTE[(index * 3) % COLOR_PALETTE.length]!.hex)

// Only shown when the run has displays and a space that is not a change room (the frame skips it otherwise).
export function ConfigureDisplaysStep({ progress }: { progress: SetupProgress }) {
  if (!progress.displays.some(({ rooms }) => rooms.length > 0)) return <ConfigureDisplaysForm progress={progress} />
  return (
    <CreatedSummary title="Each screen shows these spaces:">
      <ul className="grid gap-2">
        {progress.displays.map((display) => (
          <CreatedItem key={display.id} name={display.name} detail={<BoardLink slug={display.slug} />}>
            {display.rooms.length ? (
              <ul className="flex flex-wrap gap-2" aria-label={`Spaces on ${display.name}`}>
                {display.rooms.map((room) => (
                  <li key={room.roomId} className="flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm">
                    <span className="size-3 rounded-full border" style={{ backgroundColor: room.color }} aria-hidden="true" />
                    {room.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No spaces yet. Choose them in Display Management.</p>
            )}
          </CreatedItem>
        ))}
      </ul>
    </CreatedSummary>
  )
}

function ConfigureDisplaysForm({ progress }: { progress: SetupProgress }) {
  const configureDisplays = useConfigureDisplays()
  const options: RoomOption[] = progress.spaces
    .filter((space) => space.type !== 'change_room')
    .map((space) => ({ id: space.id, name: space.name, facilityId: progress.facility.id, facilityName: progress.facility.name }))
  // Every space starts on every display, the common case, each in a colour of its own.
  const form = useForm<SetupDisplayRoomsFormValues, unknown, SetupDisplayRoomsInput>({
    resolver: zodResolver(setupDisplayRoomsInput),
    defaultValues: {
      displays: progress.displays.map((display) => ({
        screenId: display.id,
        rooms: options.map((option, position) => ({ roomId: option.id, color: ROOM_COLORS[position % ROOM_COLORS.length]! })),
      })),
    },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    configureDisplays.mutateAsync(values).then(
      () => toast.success('Displays configured successfully!'),
      (error: unknown) => {
        toastStepFailure(error, 'Failed to configure screens')
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {progress.displays.map((display, index) => (
        <section key={display.id} aria-labelledby={`display-${display.id}`} className="grid gap-3 rounded-lg border p-3 sm:p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h3 id={`display-${display.id}`} className="font-medium break-words">
              {display.name}
            </h3>
            <BoardLink slug={display.slug} />
          </div>
          <Controller
            control={form.control}
            name={`displays.${index}.rooms`}
            render={({ field }) => (
              <RoomPicker
                options={options}
                isLoading={false}
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.displays?.[index]?.rooms?.message ?? errors.displays?.[index]?.rooms?.root?.message}
              />
            )}
          />
        </section>
      ))}
      <BatchError message={errors.displays?.root?.message ?? errors.displays?.message} />
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Saving...' : 'Save Screen Spaces'}
      </Button>
    </form>
  )
}
