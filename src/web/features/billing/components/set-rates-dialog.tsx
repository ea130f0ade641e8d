import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { parseMoney } from '@shared/billing/money'
import { BILLING_LIMITS, BILLING_MESSAGES } from '@shared/billing/schema'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { errorDescription } from '@web/lib/api-client'
import { useBookableSpaces, type Rate, type RateInput } from '../api'
import { moneyInputValue } from '../amounts'

export type SetRatesDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  currency: string
  /** The rates in force now, which the form starts from. */
  current: Pick<Rate, 'primeRateMinor' | 'nonPrimeRateMinor'> | null
  /** Asks for the space too (a client's new special rate); otherwise the space is known. */
  chooseSpace?: { excludedRoomIds: string[] }
  save: (input: RateInput & { roomId?: string }) => Promise<unknown>
}

// Rates are a history (ADR 0061): saving starts new rates now, and bookings made before keep theirs.
export function SetRatesDialog({ open, onOpenChange, title, description, ...form }: SetRatesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <RatesForm {...form} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

type Values = { roomId: string; prime: string; nonPrime: string }

function RatesForm({
  currency,
  current,
  chooseSpace,
  save,
  onDone,
}: Pick<SetRatesDialogProps, 'currency' | 'current' | 'chooseSpace' | 'save'> & { onDone: () => void }) {
  const spaces = useBookableSpaces(chooseSpace !== undefined)
  const [defaultValues] = useState<Values>(() => ({
    roomId: '',
    prime: current ? moneyInputValue(current.primeRateMinor, currency) : '',
    nonPrime: current ? moneyInputValue(current.nonPrimeRateMinor, currency) : '',
  }))
  const form = useForm<Values>({ defaultValues })
  const { errors, isSubmitting } = form.formState
  const validateRate = (text: string) => {
    const minor = parseMoney(text, currency)
    if (minor === null) return BILLING_MESSAGES.rate
    return minor <= BILLING_LIMITS.maxHourlyRateMinor || BILLING_MESSAGES.rateTooHigh
  }

  const onSubmit = form.handleSubmit(({ roomId, prime, nonPrime }) =>
    save({
      ...(chooseSpace ? { roomId } : {}),
      primeRateMinor: parseMoney(prime, currency)!,
      nonPrimeRateMinor: parseMoney(nonPrime, currency)!,
    }).then(
      () => {
        toast.success('Rates saved')
        onDone()
      },
      (error: unknown) => toast.error('Failed to save the rates', { description: errorDescription(error) }),
    ),
  )

  const choices = (spaces.data ?? []).filter((space) => !chooseSpace?.excludedRoomIds.includes(space.id))
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {chooseSpace ? (
        <FormField label="Space" error={errors.roomId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('roomId', { required: 'Choose a space' })}>
              <NativeSelectOption value="">{spaces.isPending ? 'Loading spaces...' : 'Select a space'}</NativeSelectOption>
              {choices.map((space) => (
                <NativeSelectOption key={space.id} value={space.id}>
                  {space.facilityName} · {space.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Prime rate per hour" description={`In ${currency}.`} error={errors.prime?.message}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('prime', { validate: validateRate })} />
          )}
        </FormField>
        <FormField label="Non-prime rate per hour" description={`In ${currency}.`} error={errors.nonPrime?.message}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('nonPrime', { validate: validateRate })} />
          )}
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Rates'}
        </Button>
      </DialogFooter>
    </form>
  )
}
