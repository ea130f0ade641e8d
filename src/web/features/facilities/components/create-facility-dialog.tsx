import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { facilityInput, type FacilityFormValues, type FacilityInput } from '@shared/facilities/schema'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Textarea } from '@web/components/ui/textarea'
import { errorDescription } from '@web/lib/api-client'
import { TimeZoneField, useBrowserTimeZone } from '@web/components/form/time-zone-field'
import { useCreateFacility } from '../api'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'

type CreateFacilityDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function CreateFacilityDialog({ open, onOpenChange }: CreateFacilityDialogProps) {
  const createFacility = useCreateFacility()
  const defaultTimeZone = useBrowserTimeZone()

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
          <TimeZoneField registration={form.register('timeZone')} error={errors.timeZone?.message} />
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
