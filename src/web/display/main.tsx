import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../styles.css'

// The lobby board; issue 6 fills it in.
function DisplayBoard() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 text-white">
      <p>Loading schedule...</p>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DisplayBoard />
  </StrictMode>,
)
