/**
 * Where a reader's next events come from (run-event-cursor.ts), on a real database: the run's feed in this process
 * while it holds them, the log for a gap, for a number the feed does not hold, for a run executed elsewhere and after
 * a closed feed, and nothing at all for a wake that tells of events already read or for a run it followed before this
 * process took it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { bareRun } from '../../testing/bare-run'
import { FEED_WINDOW, LocalRunFeed } from './local-run-feed'
import { RunEventCursor, type CursorApp } from './run-event-cursor'

describe('RunEventCursor', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => app?.close())

  const newRun = () => bareRun(app.db)

  function readerApp(feeds = new Map<string, LocalRunFeed>()): CursorApp {
    return { events: app.events, localWorker: { feedOf: (runId: string) => feeds.get(runId) } as unknown as CursorApp['localWorker'] }
  }

  /** Stores `count` events after `after` as a writer's batch, handing them to `feed` as the writer does. */
  async function storeBatch(runId: string, after: number, count: number, feed?: LocalRunFeed): Promise<RunEvent[]> {
    const rows = Array.from({ length: count }, (_, i) => ({ sequence: after + 1 + i, type: 'tick', payload: '{}' }))
    let stored: RunEvent[] = []
    await app.events.insertNumbered(runId, rows, undefined, {
      stored: ({ createdAt }) => {
        stored = rows.map(({ sequence, type }) => ({ sequence, type, data: {}, createdAt: createdAt.toISOString() }))
        feed?.push(stored)
      },
    })
    return stored
  }

  it('reads the log for a run executed elsewhere, and nothing for a wake that tells of events it has (an echo)', async () => {
    const runId = await newRun()
    await storeBatch(runId, 0, 2)
    const listAfter = vi.spyOn(app.events, 'listAfter')
    const cursor = new RunEventCursor(readerApp(), runId, 0)
    expect(cursor.behind).toBe(true)
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([1, 2])
    expect(cursor.woken(2)).toBe(false)
    expect(cursor.behind).toBe(false)
    expect(await cursor.read(10)).toEqual([])
    expect(listAfter).toHaveBeenCalledTimes(1)
    expect(cursor.woken(3)).toBe(true)
    await storeBatch(runId, 2, 1)
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([3])
    expect(listAfter).toHaveBeenCalledTimes(2)
    listAfter.mockRestore()
  })

  it('reads again after a wake that came while it read the log, an unknown one too (its events may be newer than the read)', async () => {
    const runId = await newRun()
    await storeBatch(runId, 0, 2)
    let cursor!: RunEventCursor
    const events = Object.create(app.events) as typeof app.events
    let raced = false
    events.listAfter = async (...args) => {
      const read = await app.events.listAfter(...args)
      if (!raced) {
        raced = true
        // After the read's snapshot, the run stores more and its worker leaves, waking its readers for anything.
        await storeBatch(runId, 2, 1)
        expect(cursor.woken()).toBe(true)
      }
      return read
    }
    cursor = new RunEventCursor({ events, localWorker: undefined }, runId, 0, { marked: true })
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([1, 2])
    expect(cursor.behind).toBe(true)
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([3])
    expect(cursor.behind).toBe(false)
  })

  it('takes a local run’s events from its feed, and from the log a number the feed does not hold', async () => {
    const runId = await newRun()
    const feed = new LocalRunFeed()
    await storeBatch(runId, 0, 3, feed)
    const listAfter = vi.spyOn(app.events, 'listAfter')
    const cursor = new RunEventCursor(readerApp(new Map([[runId, feed]])), runId, 1)
    expect(cursor.local).toBe(true)
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([2, 3])
    await storeBatch(runId, 3, 2, feed)
    expect(cursor.woken(5)).toBe(true)
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([4, 5])
    expect(listAfter).not.toHaveBeenCalled()
    // Another process appends event 6 (a cancel, say): the feed does not hold it.
    await app.events.append(runId, 'run_cancelled', {})
    expect(cursor.woken(6)).toBe(true)
    expect((await cursor.read(10)).map((e) => [e.sequence, e.type])).toEqual([[6, 'run_cancelled']])
    expect(listAfter).toHaveBeenCalledTimes(1)
    expect(cursor.behind).toBe(false)
    listAfter.mockRestore()
  })

  it('reads nothing from the log for a run it began following before this process took it, once its open feed holds the events', async () => {
    const runId = await newRun()
    await storeBatch(runId, 0, 1)
    const feeds = new Map<string, LocalRunFeed>()
    const listAfter = vi.spyOn(app.events, 'listAfter')
    // The reader comes while the run is queued (no feed here): what was stored before it subscribed is unknown to it.
    const cursor = new RunEventCursor(readerApp(feeds), runId, 0, { marked: true })
    expect(cursor.local).toBe(false)
    expect(cursor.behind).toBe(true)
    // This process's worker claims the run: its feed starts with what the claim read and stored.
    const feed = new LocalRunFeed()
    feeds.set(runId, feed)
    feed.push((await app.events.listAfter(runId, 0, 10)).concat(await storeBatch(runId, 1, 1)))
    listAfter.mockClear()
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([1, 2])
    expect(cursor.behind).toBe(false)
    expect(await cursor.read(10)).toEqual([])
    expect(listAfter).not.toHaveBeenCalled()
    listAfter.mockRestore()
  })

  it('reads the log after what a closed feed held: others may have stored more once the run left', async () => {
    const runId = await newRun()
    const feed = new LocalRunFeed()
    await storeBatch(runId, 0, 2, feed)
    feed.close()
    // The run left (it waits for an answer); an answer is stored by another process before the reader comes.
    await app.events.append(runId, 'approval_answered', {})
    const listAfter = vi.spyOn(app.events, 'listAfter')
    const cursor = new RunEventCursor(readerApp(new Map([[runId, feed]])), runId, 0, { marked: true })
    expect((await cursor.read(10)).map((e) => e.sequence)).toEqual([1, 2])
    expect(cursor.behind).toBe(true)
    expect((await cursor.read(10)).map((e) => [e.sequence, e.type])).toEqual([[3, 'approval_answered']])
    expect(listAfter).toHaveBeenCalledTimes(1)
    listAfter.mockRestore()
  })

  it('reads from the log what is older than the feed’s window, a page at a time, then goes on from the feed', async () => {
    const runId = await newRun()
    const feed = new LocalRunFeed()
    const total = FEED_WINDOW * 2
    for (let after = 0; after < total; after += 500) await storeBatch(runId, after, 500, feed)
    const listAfter = vi.spyOn(app.events, 'listAfter')
    const cursor = new RunEventCursor(readerApp(new Map([[runId, feed]])), runId, 0)
    const sequences: number[] = []
    for (let page = await cursor.read(200); page.length > 0; page = await cursor.read(200)) sequences.push(...page.map((e) => e.sequence))
    expect(sequences).toEqual(Array.from({ length: total }, (_, i) => i + 1))
    const firstHeld = feed.after(0)[0].sequence
    expect(firstHeld).toBeGreaterThan(1)
    // Pages from the log until the reader reaches the feed's first event, none after.
    expect(listAfter).toHaveBeenCalledTimes(Math.ceil((firstHeld - 1) / 200))
    listAfter.mockRestore()
  })
})
