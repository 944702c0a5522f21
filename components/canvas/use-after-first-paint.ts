'use client'

import { useEffect, useState } from 'react'

/** Longest wait for an idle moment after the first paint; a browser that is never idle still gets the work done. */
const IDLE_TIMEOUT_MS = 1000

/**
 * False on the first render, true once the component has painted and the browser has had an idle moment
 * since: for work the first frame does not need (it runs after that frame, not before it). Where
 * `requestIdleCallback` is missing (Safari before 18), a task after the next frame.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (painted) return
    let idle: number | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    // An effect runs before the browser paints the commit: wait a frame, then for an idle moment.
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setPainted(true), { timeout: IDLE_TIMEOUT_MS })
      else timer = setTimeout(() => setPainted(true))
    })
    return () => {
      cancelAnimationFrame(frame)
      if (idle !== undefined) cancelIdleCallback(idle)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [painted])
  return painted
}
