import { useEffect, useRef, useState, type ReactNode } from 'react'
// clsx rather than cn(): tailwind-merge would weigh more than the whole board.
import { clsx } from 'clsx'
import { countBelow } from './count-below'

const PAUSE_MS = 4_000
const MS_PER_PIXEL = 40
const PAGE_MS = 8_000
// Often enough that the count follows the list as it scrolls, rarely enough for a TV's browser.
const COUNT_EVERY_MS = 500

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
 * While the list does not fit, a strip under it says how many events are below the window
 * ('+3 more'), counted from what is in view at the moment, so nobody takes the last line shown
 * for the end of the day.
 */
export function AutoScroll({ children, passedCount }: AutoScrollProps) {
  const viewport = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const cue = useRef<HTMLParagraphElement>(null)
  // null while everything fits: no strip at all.
  const [hiddenCount, setHiddenCount] = useState<number | null>(null)

  useEffect(() => {
    const view = viewport.current
    const inner = content.current
    if (!view || !inner) return
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let animation: Animation | null = null
    let shown = { start: -1, end: -1 }
    let isOverflowing = false

    const countHidden = () => {
      if (!isOverflowing) {
        setHiddenCount(null)
        return
      }
      const items = [...(inner.firstElementChild?.children ?? [])]
      setHiddenCount(
        countBelow(
          items.map((item) => item.getBoundingClientRect().bottom),
          view.getBoundingClientRect().bottom,
        ),
      )
    }

    const scroll = () => {
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

    const update = () => {
      // The strip's own height counts as room for the list: it shows only when the list needs
      // more than both, so showing it never makes the list fit, nor hiding it make it overflow.
      isOverflowing = inner.offsetHeight > view.clientHeight + (cue.current?.offsetHeight ?? 0) + 1
      scroll()
      countHidden()
    }

    const observer = new ResizeObserver(update)
    observer.observe(view)
    observer.observe(inner)
    const counter = setInterval(countHidden, COUNT_EVERY_MS)
    return () => {
      observer.disconnect()
      clearInterval(counter)
      animation?.cancel()
    }
  }, [passedCount])

  return (
    <>
      <div ref={viewport} className="min-h-0 flex-1 overflow-hidden">
        <div ref={content} className="relative">
          {children}
        </div>
      </div>
      {/* For the eye only: the list itself holds every event for a screen reader. */}
      {hiddenCount !== null && (
        <p
          ref={cue}
          aria-hidden="true"
          // Hidden but kept when the list has scrolled to its end, so the list never jumps.
          className={clsx(
            'shrink-0 border-t-2 bg-muted px-[0.6em] py-[0.15em] text-right text-[0.8em] font-bold text-foreground',
            hiddenCount === 0 && 'invisible',
          )}
        >
          {hiddenCount > 0 ? `+${hiddenCount} more` : '\u00a0'}
        </p>
      )}
    </>
  )
}
