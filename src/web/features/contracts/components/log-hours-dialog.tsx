import { useForm, type DefaultValues } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { usageInput, type UsageFormValues, type UsageInput } from '@shared/contracts/schema'
import { CONTRACT_STATUS_LABELS, LIMITS } from '@shared/limits'
import { todayInZone } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Textarea } from '@web/components/ui/textarea'
import { ApiError } from '@web/lib/api-client'
import { browserTimeZone } from '@web/lib/datetime'
import { useLogUsage, type Contract } from '../api'
import { formatHours, parseHoursField, shortContractId } from '../hours'

type LogHoursDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  clientName: string
  /** The client's contracts, one of which the hours are logged against. */
  contracts: Contract[]
}

function defaultValues(contracts: Contract[]): DefaultValues<UsageFormValues> {
  const preferred = contracts.find((contract) => contract.status === 'active') ?? contracts[0]
  return { contractId: preferred?.id ?? '', usageDate: todayInZone(browserTimeZone(), new Date()), hours: undefined, description: '' }
}

// The form lives inside the dialog's content, which mounts on each opening: every opening starts fresh.
export function LogHoursDialog({ open, onOpenChange, clientName, contracts }: LogHoursDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Log Hours</DialogTitle>
          <DialogDescription>Record hours used by {clientName}. They are added to the contract's hours used.</DialogDescription>
        </DialogHeader>
        <LogHoursForm contracts={contracts} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function LogHoursForm({ contracts, onDone }: { contracts: Contract[]; onDone: () => void }) {
  const logUsage = useLogUsage()
  const form = useForm<UsageFormValues, unknown, UsageInput>({ resolver: zodResolver(usageInput), defaultValues: defaultValues(contracts) })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((input) =>
    logUsage.mutateAsync(input).then(
      () => {
        toast.success('Usage logged successfully')
        onDone()
      },
      // The spec shows the server's own message under the title Error.
      (error: unknown) => toast.error('Error', { description: error instanceof ApiError ? error.message : undefined }),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Contract"
        description={contracts.length === 0 ? 'This client has no contracts yet. Create one with New Contract first.' : undefined}
        error={errors.contractId?.message}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('contractId')}>
            <NativeSelectOption value="">Select a contract</NativeSelectOption>
            {contracts.map((contract) => (
              <NativeSelectOption key={contract.id} value={contract.id}>
                {contract.name} (#{shortContractId(contract.id)}) · {CONTRACT_STATUS_LABELS[contract.status]} ·{' '}
                {formatHours(contract.hoursUsed)} of {formatHours(contract.totalHours)} h used
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Date" error={errors.usageDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('usageDate')} />}
        </FormField>
        <FormField label="Hours" error={errors.hours?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              step={LIMITS.usage.hoursStep}
              min={LIMITS.usage.hoursMin}
              max={LIMITS.contract.maxHours}
              {...form.register('hours', { setValueAs: parseHoursField })}
            />
          )}
        </FormField>
      </div>
      <FormField label="Description" description="Optional" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.usage.description} {...form.register('description')} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Logging...' : 'Log Hours'}
        </Button>
      </DialogFooter>
    </form>
  )
}
