import { useEffect, useMemo, useState } from 'react'

/**
 * The value as it was once it stopped changing for `delayMs`: what a query asks about while
 * the operator is still typing. Values are compared by their JSON, so they must be plain data
 * (strings, numbers, booleans, null, arrays and objects of them); a new object with the same
 * content is the same value and does not restart the wait.
 */
export function useSettledValue<T>(value: T, delayMs: number): { value: T; isSettled: boolean } {
  const json = JSON.stringify(value) ?? 'null'
  const [settledJson, setSettledJson] = useState(json)
  useEffect(() => {
    const timer = setTimeout(() => setSettledJson(json), delayMs)
    return () => clearTimeout(timer)
  }, [json, delayMs])
  const settled = useMemo(() => JSON.parse(settledJson) as T, [settledJson])
  return { value: settled, isSettled: settledJson === json }
}
