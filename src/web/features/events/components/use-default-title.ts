import { useEffect, useRef } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { CreateEventFormValues, CreateEventInput } from '@shared/events/schema'
import { useClients } from '@web/features/clients'
import { defaultEventTitle, isTitleDefault } from '../default-title'

/**
 * Fills the Add New Event title with the client's name and the event type (docs/product.md#events),
 * and follows the client and type as they change until the operator types a title of their own.
 */
export function useDefaultTitle(form: UseFormReturn<CreateEventFormValues, unknown, CreateEventInput>) {
  const clients = useClients()
  const [clientId, eventType] = useWatch({ control: form.control, name: ['clientId', 'eventType'] })
  const clientName = clients.data?.find((client) => client.id === clientId)?.name
  const title = defaultEventTitle(clientName, eventType)
  const lastDefault = useRef('')

  // Run when the client or type changes, not on each keystroke in the title, so typing is never undone.
  useEffect(() => {
    const current = form.getValues('title')
    if (current !== title && isTitleDefault(current, lastDefault.current)) {
      // Validated once a save was tried, so 'Please enter a title' goes as soon as a client fills it.
      form.setValue('title', title, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
    }
    lastDefault.current = title
  }, [form, title])
}
