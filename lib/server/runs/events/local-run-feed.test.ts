import { describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { FEED_TEXT_LENGTH, FEED_WINDOW, LocalRunFeed } from './local-run-feed'

const event = (sequence: number, type = 'step'): RunEvent => ({ sequence, type, data: {}, createdAt: new Date(0).toISOString() })

describe('LocalRunFeed', () => {
  it('hands out the events after a number, in order, including those pushed later', () => {
    const feed = new LocalRunFeed([event(1, 'run_queued')])
    feed.push([event(2), event(4)])
    expect(feed.after(0).map((e) => e.sequence)).toEqual([1, 2, 4])
    expect(feed.after(2).map((e) => e.sequence)).toEqual([4])
    expect(feed.after(4)).toEqual([])
  })

  it('takes nothing once closed, and nothing it holds already', () => {
    const feed = new LocalRunFeed([event(1)])
    feed.push([event(1), event(2)])
    expect(feed.lastSequence).toBe(2)
    feed.close()
    feed.push([event(3)])
    expect(feed.after(0).map((e) => e.sequence)).toEqual([1, 2])
    expect(feed.closed).toBe(true)
  })

  it('holds the latest FEED_WINDOW events of a long run, at most half a window more', () => {
    const feed = new LocalRunFeed()
    const total = FEED_WINDOW * 3 + 7
    for (let sequence = 1; sequence <= total; sequence++) feed.push([event(sequence)])
    const held = feed.after(0)
    expect(held.length).toBeGreaterThanOrEqual(FEED_WINDOW)
    expect(held.length).toBeLessThanOrEqual(FEED_WINDOW * 1.5)
    expect(held.at(-1)?.sequence).toBe(total)
    // What a reader further behind wants starts after a gap: it reads that from the log.
    expect(held[0].sequence).toBeGreaterThan(1)
    expect(feed.after(total - 2).map((e) => e.sequence)).toEqual([total - 1, total])
  })

  it('holds at most FEED_TEXT_LENGTH of stored text, a run of large events fewer of them, and always its newest', () => {
    const feed = new LocalRunFeed()
    const size = FEED_TEXT_LENGTH / 10
    for (let sequence = 1; sequence <= 40; sequence++) feed.push([event(sequence)], [size])
    const held = feed.after(0)
    expect(held.length * size).toBeLessThanOrEqual(FEED_TEXT_LENGTH)
    expect(held.at(-1)?.sequence).toBe(40)
    const huge = new LocalRunFeed()
    huge.push([event(1), event(2)], [FEED_TEXT_LENGTH * 2, FEED_TEXT_LENGTH * 3])
    expect(huge.after(0).map((e) => e.sequence)).toEqual([2])
  })

  it('gives the final event the outcome told before it was pushed, so a reader finds both at once', () => {
    const feed = new LocalRunFeed([event(1)])
    const outcome = { status: 'failed' as const, outputs: [], usage: null, error: 'no' }
    feed.ending(outcome)
    feed.push([event(2)])
    expect(feed.outcome).toBeUndefined()
    feed.push([event(3, 'run_failed')])
    expect(feed.outcome).toEqual(outcome)
  })

  it('keeps the outcome the executor recorded with the final event', () => {
    const feed = new LocalRunFeed()
    const outcome = { status: 'succeeded' as const, outputs: ['hi'], usage: null, error: null }
    feed.ended(event(3, 'run_succeeded'), outcome)
    expect(feed.outcome).toEqual(outcome)
    expect(feed.after(0).map((e) => e.type)).toEqual(['run_succeeded'])
  })
})
