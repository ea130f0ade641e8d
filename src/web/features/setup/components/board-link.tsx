import { ExternalLink } from 'lucide-react'

/** A board's public address, opened beside the wizard so that the wizard keeps its place. */
export function BoardLink({ slug, children }: { slug: string; children?: string }) {
  const address = `/display/${slug}`
  return (
    <a
      href={address}
      target="_blank"
      rel="noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-sm text-primary underline-offset-4 hover:underline focus-visible:underline"
    >
      <span className="min-w-0 break-all">{children ?? address}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  )
}
