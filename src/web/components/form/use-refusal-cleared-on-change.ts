import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { FORM_LEVEL_FIELD } from '@shared/api-error'

/**
 * A refusal shown above a form's footer ('Time slot conflicts with: …') answers the form as it was
 * sent. Once the operator changes a field it no longer describes what they would send, so it goes,
 * unless `isKept` says it still holds whatever they change (an edit based on a stale version).
 * Values the form sets itself (a default title) leave it.
 */
export function useRefusalClearedOnChange<Values extends FieldValues, Context, Transformed extends FieldValues>(
  form: UseFormReturn<Values, Context, Transformed>,
  isKept: (message: string) => boolean = () => false,
) {
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change') return
      const message = form.formState.errors.root?.message
      if (message !== undefined && !isKept(message)) form.clearErrors(FORM_LEVEL_FIELD)
    })
    return () => subscription.unsubscribe()
  }, [form, isKept])
}
