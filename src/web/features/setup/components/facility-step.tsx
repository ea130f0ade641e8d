import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { facilityInput, type FacilityFormValues, type FacilityInput } from '@shared/facilities/schema'
import { LIMITS } from '@shared/limits'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Textarea } from '@web/components/ui/textarea'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { TimeZoneField, useBrowserTimeZone } from '@web/components/form/time-zone-field'
import { useStartSetup, type SetupProgress } from '../api'
import { CreatedSummary } from './created-summary'
import { toastStepFailure } from './toast-step-failure'

export function FacilityStep({ progress }: { progress: SetupProgress | null }) {
  if (!progress) return <FacilityForm />
  const { facility } = progress
  return (
    <CreatedSummary title={`${facility.name} was created.`}>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {facility.address ? (
          <>
            <dt className="text-muted-foreground">Address</dt>
            <dd className="break-words">{facility.address}</dd>
          </>
        ) : null}
        {facility.description ? (
          <>
            <dt className="text-muted-foreground">Description</dt>
            <dd className="break-words">{facility.description}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Time zone</dt>
        <dd>{facility.timeZone.replaceAll('_', ' ')}</dd>
      </dl>
    </CreatedSummary>
  )
}

function FacilityForm() {
  const startSetup = useStartSetup()
  const defaultTimeZone = useBrowserTimeZone()
  const form = useForm<FacilityFormValues, unknown, FacilityInput>({
    resolver: zodResolver(facilityInput),
    defaultValues: { name: '', address: '', description: '', timeZone: defaultTimeZone },
  })
  // The button stays enabled on a blank name so that the wizard's message can say what is missing (docs/product.md#setup-wizard).
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    startSetup.mutateAsync(values).then(
      () => toast.success('Facility created successfully!'),
      (error: unknown) => {
        toastStepFailure(error, 'Failed to create facility')
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Facility Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="organization" maxLength={LIMITS.facility.name} {...form.register('name')} />}
      </FormField>
      <FormField label={<OptionalLabel>Address</OptionalLabel>} error={errors.address?.message}>
        {(control) => (
          <Input {...control} autoComplete="street-address" maxLength={LIMITS.facility.address} {...form.register('address')} />
        )}
      </FormField>
      <FormField label={<OptionalLabel>Description</OptionalLabel>} error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.facility.description} {...form.register('description')} />}
      </FormField>
      <TimeZoneField registration={form.register('timeZone')} error={errors.timeZone?.message} />
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Creating...' : 'Create Facility'}
      </Button>
    </form>
  )
}
