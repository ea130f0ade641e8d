import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '@web/lib/api-client'

// The server validates with the same schema as the form, so its 422 names the form's own fields:
// each message lands beside its field, as if the form had found it.
export function showServerFieldErrors<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>) {
  if (!(error instanceof ApiError) || error.status !== 422) return
  for (const [field, message] of Object.entries(error.fields)) {
    setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: true })
  }
}
