import { EVENT_TYPE_LABELS, LIMITS, type EventType } from '@shared/limits'

/**
 * The title a new event starts with: the client's name and the event type, 'Lakeshore FSC
 * Practice'. Empty without a client, so the form still asks for one. A long name is cut so the
 * title keeps the type and stays within the limit.
 */
export function defaultEventTitle(clientName: string | undefined, eventType: EventType | undefined): string {
  const name = clientName?.trim()
  if (!name) return ''
  const type = eventType ? ` ${EVENT_TYPE_LABELS[eventType]}` : ''
  return `${name.slice(0, LIMITS.event.title - type.length).trimEnd()}${type}`
}

/**
 * Whether the title may be replaced by a new default: it is empty, or still the default it was
 * last given, so a title the operator typed is never overwritten.
 */
export function isTitleDefault(title: string | undefined, lastDefault: string): boolean {
  return !title?.trim() || title === lastDefault
}
