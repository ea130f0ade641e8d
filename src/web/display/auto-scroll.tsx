import { useEffect, useRef, type ReactNode } from 'react'

const PAUSE_MS = 4_000
const MS_PER_PIXEL = 40
const PAGE_MS = 8_000

type AutoScrollProps = {
  /** A list element (ol or ul) whose items are the events. */
  children: ReactNode
  /** How many leading items are over: when the list does not fit, they give way first. */
  passedCount: number
}

/**
 * A long day that does not fit its block scrolls by itself, slowly down and back up, pausing
 * at each end; nobody touches a lobby board, so nothing may wait for a hand to scroll it. When
 * the list does not fit, events that are over scroll out of view first, so what is on now and
 * next is what the lobby sees. With reduced motion the list turns a page at a time instead.
 */
export function AutoScroll({ children, passedCount }: AutoScrollProps) {
  const viewport = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const view = viewport.current
    const inner = content.current
    if (!view || !inner) return
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let animation: Animation | null = null
    let shown = { start: -1, end: -1 }

    const update = () => {
      const end = Math.max(0, inner.offsetHeight - view.clientHeight)
      const firstCurrent = inner.firstElementChild?.children[passedCount] as HTMLElement | undefined
      // Everything over: the last events stay in view.
      const start = Math.min(end, firstCurrent ? firstCurrent.offsetTop : end)
      if (start === shown.start && end === shown.end) return
      shown = { start, end }
      animation?.cancel()
      animation = null
      if (end < 2) return
      const from = { transform: `translateY(-${start}px)` }
      const to = { transform: `translateY(-${end}px)` }
      const travel = end - start
      if (travel < 2) {
        animation = inner.animate([from, from], { duration: 1, fill: 'forwards' })
        return
      }
      const pages = Math.ceil(travel / view.clientHeight)
      animation = inner.animate([from, to], {
        duration: reducedMotion.matches ? pages * PAGE_MS : travel * MS_PER_PIXEL,
        easing: reducedMotion.matches ? `steps(${pages}, end)` : 'ease-in-out',
        delay: PAUSE_MS,
        endDelay: PAUSE_MS,
        direction: 'alternate',
        iterations: Infinity,
        fill: 'both',
      })
    }

    const observer = new ResizeObserver(update)
    observer.observe(view)
    observer.observe(inner)
    return () => {
      observer.disconnect()
      animation?.cancel()
    }
  }, [passedCount])

  return (
    <div ref={viewport} className="min-h-0 flex-1 overflow-hidden">
      <div ref={content} className="relative">
        {children}
      </div>
    </div>
  )
}
