import { useFieldArray, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS } from '@shared/limits'
import { setupDisplaysInput, type SetupDisplaysFormValues, type SetupDisplaysInput } from '@shared/setup/schema'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { countOf } from '@web/lib/count'
import { useAddDisplays, type SetupProgress } from '../api'
import { BoardLink } from './board-link'
import { CreatedItem, CreatedSummary } from './created-summary'
import { AddRowButton, BatchError, RowRemoval } from './batch-rows'
import { toastStepFailure } from './toast-step-failure'

const NEW_DISPLAY = { name: '', location: '', size: '' }

export function DisplaysStep({ progress }: { progress: SetupProgress | null }) {
  if (!progress?.displays.length) return <DisplaysForm />
  return (
    <CreatedSummary title={`${countOf(progress.displays.length, 'screen')}, each with its public address:`}>
      <ul className="grid gap-2">
        {progress.displays.map((display) => (
          <CreatedItem key={display.id} name={display.name} detail={[display.location, display.size].filter(Boolean).join(' · ')}>
            <BoardLink slug={display.slug} />
          </CreatedItem>
        ))}
      </ul>
    </CreatedSummary>
  )
}

function DisplaysForm() {
  const addDisplays = useAddDisplays()
  const form = useForm<SetupDisplaysFormValues, unknown, SetupDisplaysInput>({
    resolver: zodResolver(setupDisplaysInput),
    defaultValues: { displays: [NEW_DISPLAY] },
  })
  const rows = useFieldArray({ control: form.control, name: 'displays' })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    addDisplays.mutateAsync(values).then(
      (progress) => toast.success(`${progress.displays.length} display(s) created successfully!`),
      (error: unknown) => {
        toastStepFailure(error, 'Failed to create screens')
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {rows.fields.map((row, index) => {
        const legend = `Screen ${index + 1}`
        const rowErrors = errors.displays?.[index]
        return (
          <fieldset key={row.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 rounded-lg border px-3 pt-1 pb-4 sm:px-4">
            <legend className="px-1 text-sm font-medium">{legend}</legend>
            <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
              <FormField label="Name" error={rowErrors?.name?.message} className="sm:col-span-2">
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    placeholder="e.g. Main Lobby"
                    maxLength={LIMITS.screen.name}
                    {...form.register(`displays.${index}.name`)}
                  />
                )}
              </FormField>
              <FormField label={<OptionalLabel>Location</OptionalLabel>} error={rowErrors?.location?.message}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    maxLength={LIMITS.screen.location}
                    {...form.register(`displays.${index}.location`)}
                  />
                )}
              </FormField>
              <FormField label={<OptionalLabel>Size</OptionalLabel>} error={rowErrors?.size?.message}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    placeholder='e.g. 55"'
                    maxLength={LIMITS.screen.size}
                    {...form.register(`displays.${index}.size`)}
                  />
                )}
              </FormField>
            </div>
            <RowRemoval label={`Remove ${legend}`} onRemove={() => rows.remove(index)} />
          </fieldset>
        )
      })}
      <BatchError message={errors.displays?.root?.message ?? errors.displays?.message} />
      <div className="flex flex-wrap gap-2">
        <AddRowButton label="Add Another Screen" rowCount={rows.fields.length} onAdd={() => rows.append(NEW_DISPLAY)} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create Screens'}
        </Button>
      </div>
    </form>
  )
}
