// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAfterFirstPaint } from './use-after-first-paint'

describe('useAfterFirstPaint', () => {
  it('is false on the first render, then true once a frame and an idle moment have passed, and stays true', async () => {
    const seen: boolean[] = []
    const hook = renderHook(() => {
      const painted = useAfterFirstPaint()
      seen.push(painted)
      return painted
    })
    expect(seen[0]).toBe(false)
    await waitFor(() => expect(hook.result.current).toBe(true))
    hook.rerender()
    expect(seen.at(-1)).toBe(true)
  })

  it('then waits for `until`, and once true stays true', async () => {
    const hook = renderHook(({ until }) => useAfterFirstPaint(until), { initialProps: { until: false } })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(hook.result.current).toBe(false)
    hook.rerender({ until: true })
    await waitFor(() => expect(hook.result.current).toBe(true))
    hook.rerender({ until: false })
    expect(hook.result.current).toBe(true)
  })
})
