import { useEffect, useState } from 'react'

/** The current time, updated on each boundary of `stepMs` (a second for the clock). */
export function useNow(stepMs: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      setNow(new Date())
      timer = setTimeout(tick, stepMs - (Date.now() % stepMs))
    }
    timer = setTimeout(tick, stepMs - (Date.now() % stepMs))
    return () => clearTimeout(timer)
  }, [stepMs])
  return now
}
