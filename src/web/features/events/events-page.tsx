import { PlaceholderPage } from '@web/components/placeholder-page'

export function EventsPage() {
  return <PlaceholderPage title="All Events" />
}
