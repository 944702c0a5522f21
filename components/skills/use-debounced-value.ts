import { useEffect, useState } from 'react'

/** `value`, once it has stayed the same for `delayMs` (compared by its JSON): for checks as a person types. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  const key = JSON.stringify(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delayMs)
    return () => clearTimeout(timer)
  }, [key, delayMs])
  return settled
}
