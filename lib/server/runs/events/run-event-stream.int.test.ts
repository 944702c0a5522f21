/**
 * The SSE stream of a run's events on a real database: resuming, live events from another
 * process (NOTIFY), the end, a client that reads slowly or goes away, a run whose final event
 * never shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { PgNotifications } from '../../db/pg-notifications'
import { createTestApp } from '../../testing/test-app'
import { bareRun } from '../../testing/bare-run'
import { waitFor } from '../../testing/wait-for'
import { RunEventLog } from './run-event-log'
import { LocalRunFeed } from './local-run-feed'
import { EVENT_PAGE_SIZE, runEventStream, type RunEventStreamApp } from './run-event-stream'
import { RunEventWriter } from './run-event-writer'

/** The real event log, counting what streams read from it and the subscriptions they hold. */
class CountingEventLog extends RunEventLog {
  eventsRead = 0
  subscriptions = 0

  override async listAfter(runId: string, afterSequence?: number, limit?: number): Promise<RunEvent[]> {
    const events = await super.listAfter(runId, afterSequence, limit)
    this.eventsRead += events.length
    return events
  }

  override async subscribe(...args: Parameters<RunEventLog['subscribe']>): Promise<() => void> {
    const unsubscribe = await super.subscribe(...args)
    this.subscriptions++
    let held = true
    return () => {
      if (held) this.subscriptions--
      held = false
      unsubscribe()
    }
  }
}

interface Frame {
  id?: string
  event?: string
  data?: string
  comment?: string
  retry?: string
}

/** Splits SSE text into its frames (blank-line separated). */
function framesOf(text: string): Frame[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const frame: Frame = {}
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) frame.comment = line.slice(1).trim()
        else {
          const [field, ...rest] = line.split(': ')
          frame[field as 'id' | 'event' | 'data' | 'retry'] = rest.join(': ')
        }
      }
      return frame
    })
}

const eventsIn = (frames: Frame[]): RunEvent[] => frames.filter((f) => f.id !== undefined).map((f) => JSON.parse(f.data!) as RunEvent)

describe('runEventStream', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  const otherConnections: PgNotifications[] = []
  const decoder = new TextDecoder()

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => {
    for (const notifications of otherConnections) await notifications.close()
    await app?.close()
  })

  const newRun = (status: 'running' | 'failed' = 'running') => bareRun(app.db, status)

  /** The event log of another process: its own notification connection, sharing only the database. */
  function otherProcess(): RunEventLog {
    const notifications = new PgNotifications(() => app.db.connectClient())
    otherConnections.push(notifications)
    return new RunEventLog(app.db, notifications)
  }

  function open(runId: string, after = 0, feeds = new Map<string, LocalRunFeed>(), events = new CountingEventLog(app.db, app.notifications)) {
    const client = new AbortController()
    const localWorker = { feedOf: (id: string) => feeds.get(id) } as unknown as RunEventStreamApp['localWorker']
    const reader = runEventStream({ db: app.db, events, localWorker }, runId, after, client.signal).getReader()
    let text = ''
    /** Reads one chunk; false once the stream is closed. */
    const take = async () => {
      const { value, done } = await reader.read()
      if (value) text += decoder.decode(value)
      return !done
    }
    const readToEnd = async () => {
      while (await take());
      return framesOf(text)
    }
    return { events, client, reader, take, readToEnd, frames: () => framesOf(text) }
  }

  it('sends what is stored after the resume point, then what another process appends, then the end', async () => {
    const runId = await newRun()
    for (const n of [1, 2, 3]) await app.events.append(runId, 'tick', { n })
    const stream = open(runId, 1)
    await stream.take() // retry:
    await stream.take() // the stored events after 1
    expect(eventsIn(stream.frames()).map((e) => e.sequence)).toEqual([2, 3])

    // Nothing is stored now: the stream waits until the other process's append is notified.
    const writer = otherProcess()
    const next = stream.take()
    await writer.append(runId, 'tick', { n: 4 })
    await next
    await writer.append(runId, 'run_succeeded', { outputs: [] })
    const frames = await stream.readToEnd()
    expect(frames[0]).toEqual({ retry: '1000' })
    expect(eventsIn(frames).map((e) => [e.sequence, e.type])).toEqual([
      [2, 'tick'],
      [3, 'tick'],
      [4, 'tick'],
      [5, 'run_succeeded'],
    ])
    expect(frames.filter((f) => f.id !== undefined).map((f) => f.id)).toEqual(['2', '3', '4', '5'])
    expect(frames.at(-1)).toEqual({ event: 'end', data: '{}' })
    expect(stream.events.subscriptions).toBe(0)
  })

  /**
   * A run this process executes, its first event stored, and a stream of it: the run's writer as its executor has it,
   * each batch reaching the run's feed before readers are woken.
   */
  async function streamedHere() {
    const runId = await newRun()
    const feed = new LocalRunFeed()
    const events = new CountingEventLog(app.db, app.notifications)
    const writer = new RunEventWriter(events, runId, 1, [], (stored) => feed.push(stored))
    await writer.write('tick', { n: 1 })
    return { runId, feed, events, writer, stream: open(runId, 0, new Map([[runId, feed]]), events) }
  }

  it('streams a run this process executes from its feed, reading from the log only what another process appended', async () => {
    const { runId, events, writer, stream } = await streamedHere()
    await stream.take() // retry:
    await stream.take() // event 1, from the feed
    for (const n of [2, 3]) {
      const next = stream.take()
      await writer.write('tick', { n })
      await next
    }
    expect(events.eventsRead).toBe(0)
    // Another process appends (a cancel request, say): its notification names a number the feed does not hold.
    const next = stream.take()
    await otherProcess().append(runId, 'tick', { n: 4 })
    await next
    expect(events.eventsRead).toBe(1)
    await writer.write('run_succeeded', { outputs: [] })
    const frames = await stream.readToEnd()
    expect(eventsIn(frames).map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5])
    expect(frames.at(-1)).toEqual({ event: 'end', data: '{}' })
    expect(events.eventsRead).toBe(1)
  })

  it('leaves a run this process executes unmarked while it does, and marks it followed once it leaves', async () => {
    const { runId, feed, events, stream } = await streamedHere()
    const followed = async () => (await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { followed: true } })).followed
    await stream.take() // retry:
    await stream.take() // event 1
    expect(await followed()).toBe(false)
    // The run parks and leaves this process: its worker closes the feed and wakes the readers here.
    feed.close()
    const next = stream.take()
    events.announce(runId, false)
    await waitFor(async () => ((await followed()) ? true : undefined))
    // Another process's worker goes on with it: the mark makes it announce, and the stream reads the log.
    await otherProcess().insertNumbered(runId, [{ sequence: 2, type: 'run_succeeded', payload: '{"outputs":[]}' }])
    await next
    const frames = await stream.readToEnd()
    expect(eventsIn(frames).map((e) => [e.sequence, e.type])).toEqual([
      [1, 'tick'],
      [2, 'run_succeeded'],
    ])
  })

  it('reads from the database only as fast as the client takes events', async () => {
    const runId = await newRun()
    const total = EVENT_PAGE_SIZE * 3 + 50
    const payload = JSON.stringify({ text: 'x'.repeat(200) })
    await app.events.insertNumbered(
      runId,
      Array.from({ length: total }, (_, i) => ({ sequence: i + 1, type: 'agent_update', payload })),
    )
    const stream = open(runId)
    await stream.take() // retry:
    await stream.take() // the first page
    expect(eventsIn(stream.frames())).toHaveLength(EVENT_PAGE_SIZE)
    // The stream reads one page ahead of the client, and then waits for it.
    await waitFor(async () => (stream.events.eventsRead >= 2 * EVENT_PAGE_SIZE ? true : undefined))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(stream.events.eventsRead).toBe(2 * EVENT_PAGE_SIZE)

    while (eventsIn(stream.frames()).length < total) {
      await stream.take()
      expect(stream.events.eventsRead).toBeLessThanOrEqual(eventsIn(stream.frames()).length + EVENT_PAGE_SIZE)
    }
    await app.events.append(runId, 'run_failed', { error: 'stop' })
    const sent = eventsIn(await stream.readToEnd())
    expect(sent.map((e) => e.sequence)).toEqual(Array.from({ length: total + 1 }, (_, i) => i + 1))
  })

  it('releases its subscription when the client goes away (request aborted, or body cancelled)', async () => {
    const runId = await newRun()
    const aborted = open(runId)
    await aborted.take()
    await waitFor(async () => (aborted.events.subscriptions === 1 ? true : undefined))
    const waiting = aborted.take()
    aborted.client.abort()
    expect(await waiting).toBe(false)
    expect(aborted.events.subscriptions).toBe(0)
    expect(aborted.frames().some((f) => f.event === 'end')).toBe(false)

    const cancelled = open(runId)
    await cancelled.take()
    await waitFor(async () => (cancelled.events.subscriptions === 1 ? true : undefined))
    await cancelled.reader.cancel()
    expect(cancelled.events.subscriptions).toBe(0)
  })

  it('ends a run marked finished whose final event never shows, after a grace period', async () => {
    const runId = await newRun('failed')
    await app.events.append(runId, 'run_started', {})
    const frames = await open(runId).readToEnd()
    expect(eventsIn(frames).map((e) => e.type)).toEqual(['run_started'])
    expect(frames.at(-1)).toEqual({ event: 'end', data: '{}' })
  })

  it('ends at once for a run that does not exist (any more)', async () => {
    const frames = await open('00000000-0000-4000-8000-000000000000').readToEnd()
    expect(frames).toEqual([{ retry: '1000' }, { event: 'end', data: '{}' }])
  })
})
