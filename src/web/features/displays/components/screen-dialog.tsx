import { useEffect } from 'react'
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS, SCREEN_THEME_LABELS, SCREEN_THEMES } from '@shared/limits'
import { DEFAULT_TICKER_TEXT, screenInput, type ScreenFormValues, type ScreenInput } from '@shared/screens/schema'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Switch } from '@web/components/ui/switch'
import { Textarea } from '@web/components/ui/textarea'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useCreateScreen, useRoomOptions, useUpdateScreen, type Screen } from '../api'
import { LogoField } from './logo-field'
import { RoomPicker } from './room-picker'

type ScreenDialogProps = {
  /** The screen to edit, as it was when the dialog opened; none to add one. */
  screen: Screen | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

const NEW_SCREEN: DefaultValues<ScreenFormValues> = {
  name: '',
  location: '',
  size: '',
  theme: LIMITS.screen.defaultTheme,
  rooms: [],
  showTicker: LIMITS.screen.defaultShowTicker,
  tickerText: DEFAULT_TICKER_TEXT,
}

const valuesOf = (screen: Screen | null): DefaultValues<ScreenFormValues> =>
  screen
    ? {
        name: screen.name,
        location: screen.location ?? '',
        size: screen.size ?? '',
        theme: screen.theme,
        rooms: screen.rooms.map(({ roomId, color }) => ({ roomId, color })),
        showTicker: screen.showTicker,
        tickerText: screen.tickerText,
      }
    : NEW_SCREEN

/** 'Add Screen' creates a screen with its rooms; the edit dialog adds the logo and the ticker. */
export function ScreenDialog({ screen, open, onOpenChange }: ScreenDialogProps) {
  const isEditing = screen !== null
  const roomOptions = useRoomOptions({ enabled: open })
  const createScreen = useCreateScreen()
  const updateScreen = useUpdateScreen(screen?.id ?? '')
  const form = useForm<ScreenFormValues, unknown, ScreenInput>({ resolver: zodResolver(screenInput), defaultValues: valuesOf(screen) })
  const { errors, isSubmitting } = form.formState
  const [name, tickerText] = useWatch({ control: form.control, name: ['name', 'tickerText'] })

  // Each opening starts from the screen as saved (or from a blank one).
  useEffect(() => {
    if (open) form.reset(valuesOf(screen))
  }, [open, screen, form])

  useQueryErrorToast(roomOptions, 'Failed to load screen rooms')

  const onSubmit = form.handleSubmit((values) =>
    (isEditing ? updateScreen : createScreen).mutateAsync(values).then(
      () => {
        toast.success(isEditing ? 'Screen updated successfully!' : 'Screen created successfully!')
        form.reset(NEW_SCREEN)
        onOpenChange(false)
      },
      (error: unknown) => {
        // A creation failure shows the server's own message when it has one (docs/product.md#screens-and-boards).
        if (!isEditing && error instanceof ApiError && error.status !== 500) toast.error(error.message)
        else toast.error(isEditing ? 'Failed to update screen' : 'Failed to create screen', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
        // The address is taken: the name is what to change.
        if (error instanceof ApiError && error.status === 409)
          form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true })
      },
    ),
  )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{isEditing ? 'Edit Screen' : 'Add Screen'}</DialogTitle>
          <DialogDescription>
            {isEditing
              ? `Changes show on /display/${screen.slug} within seconds.`
              : 'A lobby screen that shows today’s schedule of the spaces you choose.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" maxLength={LIMITS.screen.name} {...form.register('name')} />}
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label={<OptionalLabel>Location</OptionalLabel>} error={errors.location?.message}>
              {(control) => <Input {...control} autoComplete="off" maxLength={LIMITS.screen.location} {...form.register('location')} />}
            </FormField>
            <FormField label={<OptionalLabel>Size</OptionalLabel>} error={errors.size?.message}>
              {(control) => (
                <Input {...control} autoComplete="off" placeholder='e.g. 55"' maxLength={LIMITS.screen.size} {...form.register('size')} />
              )}
            </FormField>
          </div>
          <FormField label="Theme" error={errors.theme?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('theme')}>
                {SCREEN_THEMES.map((theme) => (
                  <NativeSelectOption key={theme} value={theme}>
                    {SCREEN_THEME_LABELS[theme]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Controller
            control={form.control}
            name="rooms"
            render={({ field }) => (
              <RoomPicker
                options={roomOptions.data}
                isLoading={roomOptions.isPending}
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.rooms?.message ?? errors.rooms?.root?.message}
              />
            )}
          />
          {isEditing ? (
            <>
              <LogoField screenId={screen.id} />
              <div className="flex items-center justify-between gap-4">
                <Label htmlFor="screen-show-ticker">Show News Ticker</Label>
                <Controller
                  control={form.control}
                  name="showTicker"
                  render={({ field }) => <Switch id="screen-show-ticker" checked={field.value ?? true} onCheckedChange={field.onChange} />}
                />
              </div>
              <FormField
                label="Ticker Text"
                error={errors.tickerText?.message}
                description={`${tickerText?.length ?? 0}/${LIMITS.screen.tickerText} characters`}
              >
                {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.screen.tickerText} {...form.register('tickerText')} />}
              </FormField>
            </>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name?.trim() || isSubmitting}>
              {isSubmitting ? 'Saving...' : isEditing ? 'Save Changes' : 'Create Screen'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
