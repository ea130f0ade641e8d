import { PlaceholderPage } from '@web/components/placeholder-page'

export function MarketingPage() {
  return <PlaceholderPage title="Marketing" />
}
