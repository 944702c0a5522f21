'use client'

import { useEffect, useRef, useState } from 'react'

/** Longest wait for an idle moment after the first paint; a browser that is never idle still gets the work done. */
const IDLE_TIMEOUT_MS = 1000
/** Longest wait, after that idle moment, for `until`: what it waits for may never come. */
const UNTIL_TIMEOUT_MS = 2000

/**
 * False on the first render; true once the component has painted, the browser has had an idle moment since, and
 * `until` holds (or UNTIL_TIMEOUT_MS have passed), and from then on: for work the first frame does not need, which
 * then runs after that frame instead of before it. Where `requestIdleCallback` is missing (Safari before 18), a
 * task after the next frame stands for the idle moment.
 */
export function useAfterFirstPaint(until = true): boolean {
  const [idle, setIdle] = useState(false)
  const [waitedLongEnough, setWaitedLongEnough] = useState(false)
  useEffect(() => {
    if (idle) return
    let callback: number | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    // A passive effect may run before the browser paints (React flushes it early when another update follows): wait a frame.
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') callback = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS })
      else timer = setTimeout(() => setIdle(true))
    })
    return () => {
      cancelAnimationFrame(frame)
      if (callback !== undefined) cancelIdleCallback(callback)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [idle])
  useEffect(() => {
    if (!idle || until || waitedLongEnough) return
    const timer = setTimeout(() => setWaitedLongEnough(true), UNTIL_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [idle, until, waitedLongEnough])
  const reached = useRef(false)
  if (idle && (until || waitedLongEnough)) reached.current = true
  return reached.current
}
