import { useEffect } from 'react'
import { toast } from 'sonner'
import { errorDescription } from './api-client'

/**
 * Toasts the message when the query fails, with the server's explanation when it adds one. A
 * failure is told once: again only when a later attempt fails with a new error.
 */
export function useQueryErrorToast({ isError, error }: { isError: boolean; error: unknown }, message: string) {
  useEffect(() => {
    if (isError) toast.error(message, { description: errorDescription(error) })
  }, [isError, error, message])
}
