import { useId } from 'react'
import { Controller, useForm, type DefaultValues } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { clientInput, type ClientFormValues, type ClientInput } from '@shared/clients/schema'
import { LIMITS } from '@shared/limits'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { Switch } from '@web/components/ui/switch'
import { Textarea } from '@web/components/ui/textarea'
import { errorDescription } from '@web/lib/api-client'
import { useSaveClient, type Client } from '../api'

type ClientFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The client to edit; without one the dialog adds a client. */
  client?: Client | null
}

// The form lives inside the dialog's content, which mounts on each opening: every opening
// starts from the client being edited, or from a blank form.
export function ClientFormDialog({ open, onOpenChange, client }: ClientFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{client ? 'Edit Client' : 'Add Client'}</DialogTitle>
          <DialogDescription>{client ? `Update the details of ${client.name}.` : 'Only the name is required.'}</DialogDescription>
        </DialogHeader>
        <ClientForm client={client ?? null} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

const max = LIMITS.client

function defaultValues(client: Client | null): DefaultValues<ClientFormValues> {
  return {
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    secondaryPhone: client?.secondaryPhone ?? '',
    company: client?.company ?? '',
    address: client?.address ?? '',
    city: client?.city ?? '',
    provinceState: client?.provinceState ?? '',
    postalCode: client?.postalCode ?? '',
    country: client?.country ?? '',
    website: client?.website ?? '',
    notes: client?.notes ?? '',
    emailConfirmations: client?.emailConfirmations ?? true,
  }
}

function ClientForm({ client, onDone }: { client: Client | null; onDone: () => void }) {
  const saveClient = useSaveClient()
  const form = useForm<ClientFormValues, unknown, ClientInput>({ resolver: zodResolver(clientInput), defaultValues: defaultValues(client) })
  const { errors, isSubmitting } = form.formState
  const confirmationsId = useId()
  const confirmationsNoteId = useId()

  const onSubmit = form.handleSubmit((input) =>
    saveClient.mutateAsync({ id: client?.id, input }).then(
      () => {
        toast.success(client ? 'Client updated successfully' : 'Client added successfully')
        onDone()
      },
      (error: unknown) =>
        toast.error(client ? 'Failed to update client' : 'Failed to add client', { description: errorDescription(error) }),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" maxLength={max.name} {...form.register('name')} />}
        </FormField>
        <FormField label="Company" error={errors.company?.message}>
          {(control) => <Input {...control} autoComplete="organization" maxLength={max.company} {...form.register('company')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" maxLength={max.email} {...form.register('email')} />}
        </FormField>
        <FormField label="Website" error={errors.website?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="url"
              autoComplete="url"
              placeholder="example.com"
              maxLength={max.website}
              {...form.register('website')}
            />
          )}
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" maxLength={max.phone} {...form.register('phone')} />}
        </FormField>
        <FormField label="Secondary Phone" error={errors.secondaryPhone?.message}>
          {(control) => (
            <Input {...control} type="tel" autoComplete="off" maxLength={max.secondaryPhone} {...form.register('secondaryPhone')} />
          )}
        </FormField>
      </div>
      <FormField label="Address" error={errors.address?.message}>
        {(control) => <Input {...control} autoComplete="street-address" maxLength={max.address} {...form.register('address')} />}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="City" error={errors.city?.message}>
          {(control) => <Input {...control} autoComplete="address-level2" maxLength={max.city} {...form.register('city')} />}
        </FormField>
        <FormField label="Province/State" error={errors.provinceState?.message}>
          {(control) => (
            <Input {...control} autoComplete="address-level1" maxLength={max.provinceState} {...form.register('provinceState')} />
          )}
        </FormField>
        <FormField label="Postal Code" error={errors.postalCode?.message}>
          {(control) => <Input {...control} autoComplete="postal-code" maxLength={max.postalCode} {...form.register('postalCode')} />}
        </FormField>
        <FormField label="Country" error={errors.country?.message}>
          {(control) => <Input {...control} autoComplete="country-name" maxLength={max.country} {...form.register('country')} />}
        </FormField>
      </div>
      <FormField label="Notes" error={errors.notes?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={max.notes} {...form.register('notes')} />}
      </FormField>
      <div className="grid gap-1.5">
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="emailConfirmations"
            render={({ field }) => (
              <Switch
                id={confirmationsId}
                checked={field.value !== false}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={confirmationsNoteId}
              />
            )}
          />
          <Label htmlFor={confirmationsId}>Email booking confirmations</Label>
        </div>
        <p id={confirmationsNoteId} className="text-sm text-muted-foreground">
          The client's email gets a message when a booking is made, changed or cancelled.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : client ? 'Save Changes' : 'Add Client'}
        </Button>
      </DialogFooter>
    </form>
  )
}
