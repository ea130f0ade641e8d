import { useSyncExternalStore } from 'react'

// Matches Tailwind's `md` breakpoint (48rem), so JavaScript and CSS switch layouts together.
const MOBILE_BREAKPOINT = 768
const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`

function subscribe(onChange: () => void) {
  const mediaQueryList = window.matchMedia(mobileQuery)
  mediaQueryList.addEventListener('change', onChange)
  return () => mediaQueryList.removeEventListener('change', onChange)
}

function getSnapshot() {
  return window.matchMedia(mobileQuery).matches
}

function getServerSnapshot() {
  return false
}

export function useIsMobile() {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
