import { lazy, Suspense } from 'react'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import type { MoneyFieldProps } from './money-field'

const LoadedMoneyField = lazy(() => import('./money-field').then((module) => ({ default: module.MoneyField })))

/**
 * An amount in the organisation's currency, for another feature's form. Its code (the money
 * parsing, the billing settings' query) loads with the form's first render rather than with the
 * form's own chunk, which keeps that chunk within its budget (docs/benchmarks.md); until then,
 * the same field, disabled.
 */
export function MoneyField(props: MoneyFieldProps) {
  return (
    <Suspense
      fallback={
        <FormField label={props.isOptional ? `${props.label} (optional)` : props.label} description={props.description}>
          {(control) => <Input {...control} disabled />}
        </FormField>
      }
    >
      <LoadedMoneyField {...props} />
    </Suspense>
  )
}
