import { PlaceholderPage } from '@web/components/placeholder-page'

export function DisplaysPage() {
  return <PlaceholderPage title="Display Management" />
}
