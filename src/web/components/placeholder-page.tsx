import { PageHeader } from './page-header'

// A screen whose issue has not landed yet: a real route with its title, never a 404.
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <p className="text-muted-foreground">This screen is on its way.</p>
    </div>
  )
}
