import { useMemo, useRef } from 'react'
import { Controller, useForm, useWatch, type DefaultValues, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { contractInput, type ContractFormValues, type ContractInput } from '@shared/contracts/schema'
import { CONTRACT_STATUSES, CONTRACT_STATUS_LABELS, LIMITS } from '@shared/limits'
import { todayInZone } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Textarea } from '@web/components/ui/textarea'
import { MoneyField } from '@web/features/billing'
import type { Client } from '@web/features/clients'
import { errorDescription } from '@web/lib/api-client'
import { browserTimeZone } from '@web/lib/datetime'
import { useSaveContract, type Contract } from '../api'
import { parseHoursField, shortContractId } from '../hours'
import { AppliesToField } from './applies-to-field'

type ContractFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  clients: Pick<Client, 'id' | 'name'>[]
  /** The contract to edit; without one the dialog creates a contract. */
  contract?: Contract | null
  /** The client a new contract starts with. */
  initialClientId?: string
}

// The form lives inside the dialog's content, which mounts on each opening: every opening
// starts from the contract being edited, or from a blank form.
export function ContractFormDialog({ open, onOpenChange, clients, contract, initialClientId }: ContractFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{contract ? 'Edit Contract' : 'New Contract'}</DialogTitle>
          <DialogDescription>
            {contract ? `${contract.name} (#${shortContractId(contract.id)})` : 'Hours bought by a client, counted down as they are used.'}
          </DialogDescription>
        </DialogHeader>
        <ContractForm clients={clients} contract={contract ?? null} initialClientId={initialClientId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function defaultValues(contract: Contract | null, initialClientId: string | undefined): DefaultValues<ContractFormValues> {
  if (contract) {
    return {
      clientId: contract.clientId,
      name: contract.name,
      startDate: contract.startDate,
      endDate: contract.endDate ?? '',
      totalHours: Number(contract.totalHours),
      hoursUsed: Number(contract.hoursUsed),
      status: contract.status,
      notes: contract.notes ?? '',
      appliesTo: contract.appliesTo,
      roomTypes: contract.roomTypes,
      spaceIds: contract.spaces.map((space) => space.id),
      prepaidPriceMinor: contract.prepaidPriceMinor,
    }
  }
  return {
    clientId: initialClientId ?? '',
    name: '',
    startDate: todayInZone(browserTimeZone(), new Date()),
    endDate: '',
    totalHours: undefined,
    hoursUsed: 0,
    status: 'active',
    notes: '',
    appliesTo: 'all',
    roomTypes: [],
    spaceIds: [],
    prepaidPriceMinor: null,
  }
}

type ContractFormProps = {
  clients: Pick<Client, 'id' | 'name'>[]
  contract: Contract | null
  initialClientId: string | undefined
  onDone: () => void
}

function ContractForm({ clients, contract, initialClientId, onDone }: ContractFormProps) {
  const saveContract = useSaveContract()
  // An edit sends hours used only once the operator has changed them: bookings may have taken the
  // contract past its total, and 'Hours used must be between 0 and total hours' is a rule for
  // hours the operator sets, not a reason to refuse a new note or status (docs/product.md).
  const isHoursUsedChanged = useRef(false)
  const resolver = useMemo<Resolver<ContractFormValues, unknown, ContractInput>>(() => {
    const validate = zodResolver(contractInput)
    return (values, context, options) =>
      validate(contract && !isHoursUsedChanged.current ? { ...values, hoursUsed: undefined } : values, context, options)
  }, [contract])
  const form = useForm<ContractFormValues, unknown, ContractInput>({ resolver, defaultValues: defaultValues(contract, initialClientId) })
  const { errors, isSubmitting } = form.formState
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? ''

  const onSubmit = form.handleSubmit((input) =>
    saveContract.mutateAsync({ id: contract?.id, input }).then(
      () => {
        toast.success(contract ? 'Contract updated successfully' : 'Contract created successfully')
        onDone()
      },
      (error: unknown) =>
        toast.error(contract ? 'Failed to update contract' : 'Failed to create contract', { description: errorDescription(error) }),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Client"
        error={errors.clientId?.message}
        description={
          clients.length === 0 ? (
            <>
              No clients yet.{' '}
              <Link to="/clients" className="text-primary underline underline-offset-4">
                Add a client
              </Link>{' '}
              first.
            </>
          ) : undefined
        }
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('clientId')}>
            <NativeSelectOption value="">Select a client</NativeSelectOption>
            {clients.map((client) => (
              <NativeSelectOption key={client.id} value={client.id}>
                {client.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Name" description="What you call it, such as 2026–27 Season." error={errors.name?.message}>
        {(control) => <Input {...control} maxLength={LIMITS.contract.name} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Start Date" error={errors.startDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
        </FormField>
        <FormField
          label="End Date"
          description="Optional. Bookings after it are not charged to this contract."
          error={errors.endDate?.message}
        >
          {(control) => <Input {...control} type="date" {...form.register('endDate')} />}
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Total Hours" error={errors.totalHours?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              step={LIMITS.contract.hoursStep}
              min={LIMITS.contract.hoursStep}
              max={LIMITS.contract.maxHours}
              {...form.register('totalHours', { setValueAs: parseHoursField })}
            />
          )}
        </FormField>
        <FormField label="Hours Used" description="Logged hours and booked events add to it." error={errors.hoursUsed?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              step={LIMITS.contract.hoursStep}
              min={0}
              max={LIMITS.contract.maxHours}
              {...form.register('hoursUsed', {
                setValueAs: parseHoursField,
                onChange: () => {
                  isHoursUsedChanged.current = true
                },
              })}
            />
          )}
        </FormField>
      </div>
      <FormField label="Status" error={errors.status?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('status')}>
            {CONTRACT_STATUSES.map((status) => (
              <NativeSelectOption key={status} value={status}>
                {CONTRACT_STATUS_LABELS[status]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <AppliesToField form={form} />
      <Controller
        control={form.control}
        name="prepaidPriceMinor"
        render={({ field, fieldState }) => (
          <MoneyField
            label="Prepaid price"
            isOptional
            description="The price of the whole block of hours, invoiced once; its bookings then bill at 0."
            error={fieldState.error?.message}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        )}
      />
      <FormField label="Notes" description={`${notes.length}/${LIMITS.contract.notes} characters`} error={errors.notes?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.contract.notes} {...form.register('notes')} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : contract ? 'Save Changes' : 'Create Contract'}
        </Button>
      </DialogFooter>
    </form>
  )
}
