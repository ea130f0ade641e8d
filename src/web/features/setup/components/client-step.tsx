import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { clientInput, type ClientFormValues, type ClientInput } from '@shared/clients/schema'
import { LIMITS } from '@shared/limits'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { useAddClient, type SetupProgress } from '../api'
import { CreatedItem, CreatedSummary } from './created-summary'
import { toastStepFailure } from './toast-step-failure'

const max = LIMITS.client

export function ClientStep({ progress }: { progress: SetupProgress | null }) {
  if (!progress?.client) return <ClientForm />
  const { client } = progress
  return (
    <CreatedSummary title="Your first client:">
      <ul className="grid gap-2">
        <CreatedItem name={client.name} detail={[client.company, client.email].filter(Boolean).join(' · ')} />
      </ul>
    </CreatedSummary>
  )
}

// The rest of a client's details (address, website, notes) are on the Clients page.
function ClientForm() {
  const addClient = useAddClient()
  const form = useForm<ClientFormValues, unknown, ClientInput>({
    resolver: zodResolver(clientInput),
    defaultValues: { name: '', company: '', email: '', phone: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    addClient.mutateAsync(values).then(
      () => toast.success('Client created successfully!'),
      (error: unknown) => {
        toastStepFailure(error, 'Failed to create client')
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Client Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" maxLength={max.name} {...form.register('name')} />}
        </FormField>
        <FormField label={<OptionalLabel>Company</OptionalLabel>} error={errors.company?.message}>
          {(control) => <Input {...control} autoComplete="organization" maxLength={max.company} {...form.register('company')} />}
        </FormField>
        <FormField label={<OptionalLabel>Email</OptionalLabel>} error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" maxLength={max.email} {...form.register('email')} />}
        </FormField>
        <FormField label={<OptionalLabel>Phone</OptionalLabel>} error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" maxLength={max.phone} {...form.register('phone')} />}
        </FormField>
      </div>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Creating...' : 'Create Client'}
      </Button>
    </form>
  )
}
