import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS } from '@shared/limits'
import { organisationInput, type OrganisationInput } from '@shared/team/schema'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { errorDescription } from '@web/lib/api-client'
import { useRenameOrganisation } from '../api'

/** The owner renames the organisation; every member sees the new name in the sidebar. */
export function RenameOrganisationForm({ name }: { name: string }) {
  const rename = useRenameOrganisation()
  const form = useForm<OrganisationInput>({ resolver: zodResolver(organisationInput), defaultValues: { name } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((input) =>
    rename.mutateAsync(input).then(
      (organisation) => {
        toast.success('Organisation renamed')
        form.reset({ name: organisation.name })
      },
      (error: unknown) => toast.error('Failed to rename organisation', { description: errorDescription(error) }),
    ),
  )

  return (
    <section aria-labelledby="organisation-heading" className="rounded-lg border p-4">
      <h2 id="organisation-heading" className="mb-3 text-lg font-semibold">
        Organisation
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField label="Organisation name" error={errors.name?.message} className="min-w-0 flex-1 sm:max-w-md">
          {(control) => <Input {...control} autoComplete="organization" maxLength={LIMITS.organisation.name} {...form.register('name')} />}
        </FormField>
        {/* Lined up with the field, below its label. */}
        <Button type="submit" disabled={isSubmitting} className="sm:mt-[1.375rem]">
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </section>
  )
}
