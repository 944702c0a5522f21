import { describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { LocalRunFeed } from './local-run-feed'

const event = (sequence: number, type = 'step'): RunEvent => ({ sequence, type, data: {}, createdAt: new Date(0).toISOString() })

describe('LocalRunFeed', () => {
  it('hands out the events after a number, in order, including those pushed later', () => {
    const feed = new LocalRunFeed([event(1, 'run_queued')])
    feed.push([event(2), event(4)])
    expect(feed.after(0).map((e) => e.sequence)).toEqual([1, 2, 4])
    expect(feed.after(2).map((e) => e.sequence)).toEqual([4])
    expect(feed.after(4)).toEqual([])
  })

  it('wakes a waiter on a push and on close, and takes nothing once closed', async () => {
    const feed = new LocalRunFeed()
    const signal = new AbortController().signal
    const woken = feed.changed(signal)
    feed.push([event(1)])
    await woken
    const closing = feed.changed(signal)
    feed.close()
    await closing
    feed.push([event(2)])
    expect(feed.after(0).map((e) => e.sequence)).toEqual([1])
    expect(feed.closed).toBe(true)
  })

  it('lets a waiter go when its signal aborts', async () => {
    const feed = new LocalRunFeed()
    const stop = new AbortController()
    const waiting = feed.changed(stop.signal)
    stop.abort()
    await waiting
    expect(feed.closed).toBe(false)
  })

  it('keeps the outcome the executor recorded with the final event', () => {
    const feed = new LocalRunFeed()
    const outcome = { status: 'succeeded' as const, outputs: ['hi'], usage: null, error: null }
    feed.ended(event(3, 'run_succeeded'), outcome)
    expect(feed.outcome).toEqual(outcome)
    expect(feed.after(0).map((e) => e.type)).toEqual(['run_succeeded'])
  })
})
