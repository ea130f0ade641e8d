import { PlaceholderPage } from '@web/components/placeholder-page'

export function SetupPage() {
  return <PlaceholderPage title="Setup Wizard" />
}
