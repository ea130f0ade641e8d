import { useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { facilityInput, type FacilityFormValues, type FacilityInput } from '@shared/facilities/schema'
import { timeZoneOptions } from '@shared/scheduling/time-zone'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Textarea } from '@web/components/ui/textarea'
import { errorDescription } from '@web/lib/api-client'
import { browserTimeZone } from '@web/lib/datetime'
import { useCreateFacility } from '../api'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'

type CreateFacilityDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function CreateFacilityDialog({ open, onOpenChange }: CreateFacilityDialogProps) {
  const createFacility = useCreateFacility()
  const defaultTimeZone = useMemo(browserTimeZone, [])
  // A browser may report a legacy zone name (Asia/Calcutta) that the engine's list leaves out.
  const zones = useMemo(() => {
    const options = timeZoneOptions()
    return options.includes(defaultTimeZone) ? options : [defaultTimeZone, ...options]
  }, [defaultTimeZone])

  const form = useForm<FacilityFormValues, unknown, FacilityInput>({
    resolver: zodResolver(facilityInput),
    defaultValues: { name: '', address: '', description: '', timeZone: defaultTimeZone },
  })
  const { errors } = form.formState
  const name = useWatch({ control: form.control, name: 'name' })

  const onSubmit = form.handleSubmit((values) =>
    createFacility.mutateAsync(values).then(
      () => {
        toast.success('Facility created successfully!')
        form.reset()
        onOpenChange(false)
      },
      (error: unknown) => {
        toast.error('Failed to create facility', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Facility</DialogTitle>
          <DialogDescription>Add a facility, then add its rooms and courts.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField label={<OptionalLabel>Address</OptionalLabel>} error={errors.address?.message}>
            {(control) => <Input {...control} autoComplete="street-address" {...form.register('address')} />}
          </FormField>
          <FormField label={<OptionalLabel>Description</OptionalLabel>} error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
          </FormField>
          <FormField
            label="Time Zone"
            description="Every day and midnight of this facility's schedule is counted in this zone."
            error={errors.timeZone?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('timeZone')}>
                {zones.map((zone) => (
                  <NativeSelectOption key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name?.trim() || form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Creating...' : 'Create Facility'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
