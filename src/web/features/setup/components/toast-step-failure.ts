import { toast } from 'sonner'
import { ApiError, errorDescription } from '@web/lib/api-client'

// docs/product.md#setup-wizard: a wizard failure shows the server's message, or 'Failed to create ...' when the
// server has nothing to say (it failed, or could not be reached).
export function toastStepFailure(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) toast.error(error.message)
  else toast.error(fallback, { description: errorDescription(error) })
}
