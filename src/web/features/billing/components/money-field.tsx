import { useState, type Ref } from 'react'
import { parseMoney } from '@shared/billing/money'
import { OptionalLabel } from '@web/components/form/optional-label'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { useBillingSettings } from '../api'
import { moneyInputValue } from '../amounts'

export type MoneyFieldProps = {
  label: string
  isOptional?: boolean
  description?: string
  error?: string
  name: string
  /** Minor units; null when empty. */
  value: number | null | undefined
  /** Minor units, null when emptied, NaN when the text is not an amount (the form's schema refuses it). */
  onChange: (minor: number | null) => void
  onBlur: () => void
  inputRef?: Ref<HTMLInputElement>
}

/**
 * An amount in the organisation's currency for another feature's form (a contract's 'Prepaid
 * price'): typed as text, parsed with parseMoney into minor units, never through a float.
 */
export function MoneyField({ label, isOptional = false, description, error, name, value, onChange, onBlur, inputRef }: MoneyFieldProps) {
  const settings = useBillingSettings()
  const currency = settings.data?.currency
  // The text as typed; until the first keystroke, the value as the currency writes it.
  const [text, setText] = useState<string | null>(null)
  const shown = text ?? (currency && typeof value === 'number' && Number.isSafeInteger(value) ? moneyInputValue(value, currency) : '')
  return (
    <FormField
      label={isOptional ? <OptionalLabel>{label}</OptionalLabel> : label}
      description={[description, currency ? `In ${currency}.` : null].filter(Boolean).join(' ')}
      error={error}
    >
      {(control) => (
        <Input
          {...control}
          ref={inputRef}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          disabled={!currency}
          value={shown}
          onBlur={onBlur}
          onChange={(event) => {
            const typed = event.target.value
            setText(typed)
            if (!currency) return
            onChange(typed.trim() === '' ? null : (parseMoney(typed, currency) ?? Number.NaN))
          }}
        />
      )}
    </FormField>
  )
}
