import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Board } from './board'
import { useBoard } from './use-board'
import './board.css'

// The public lobby board at /display/{slug}: its own small page that never loads app code
// (no router, query cache, forms or calendars), so it stays light on a lobby TV's browser.
function DisplayPage({ slug }: { slug: string }) {
  const state = useBoard(slug)

  if (state.status === 'loading') {
    return (
      <main className="dark flex min-h-dvh items-center justify-center bg-background text-foreground">
        <p className="text-[clamp(1.25rem,4vmin,4rem)]">Loading schedule...</p>
      </main>
    )
  }
  if (state.status === 'not-found') {
    return (
      <main className="dark flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-8 text-center text-foreground">
        <h1 className="text-[clamp(1.5rem,5vmin,5rem)] font-bold">Screen not found</h1>
        <p className="max-w-[70ch] text-[clamp(1rem,2.8vmin,2.5rem)] text-muted-foreground">
          No screen has the address /display/{slug}. Check the address in Display Management.
        </p>
      </main>
    )
  }
  return <Board board={state.board} updatedAt={state.updatedAt} isStale={state.isStale} />
}

const slug = decodeURIComponent(window.location.pathname.split('/')[2] ?? '').toLowerCase()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DisplayPage slug={slug} />
  </StrictMode>,
)
