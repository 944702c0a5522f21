/**
 * Following a run for a request that waits for it (run-follower.ts), on a real database: its events in order from the
 * log and from a feed of this process (the gaps others left read from the log), stopping at its end or where it parks,
 * and letting go of the log's subscription however following ends.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { bareRun } from '../../testing/bare-run'
import { LocalRunFeed } from './local-run-feed'
import { RunEventWriter } from './run-event-writer'
import { followRun, runEvents, type FollowerApp } from './run-follower'

describe('following a run', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => app?.close())

  const newRun = () => bareRun(app.db)

  /** The app as a follower sees it, counting the log subscriptions it holds. */
  function counted(feeds = new Map<string, LocalRunFeed>()) {
    const held = { count: 0 }
    const follower: FollowerApp = {
      db: app.db,
      localWorker: { feedOf: (runId: string) => feeds.get(runId) } as unknown as FollowerApp['localWorker'],
      events: Object.assign(Object.create(app.events) as typeof app.events, {
        subscribe: async (...args: Parameters<typeof app.events.subscribe>) => {
          const unsubscribe = await app.events.subscribe(...args)
          held.count++
          return () => {
            held.count--
            unsubscribe()
          }
        },
      }),
    }
    return { follower, held }
  }

  it('hands every event in order to onEvent, written before and while it follows, and resolves with the final one', async () => {
    const runId = await newRun()
    const { follower, held } = counted()
    await app.events.append(runId, 'node_started', { nodeId: 'a' })
    const seen: string[] = []
    const followed = followRun(follower, runId, { onEvent: (event) => void seen.push(`${event.sequence} ${event.type}`) })
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    await app.events.append(runId, 'node_completed', { nodeId: 'a' })
    await app.events.append(runId, 'run_succeeded', { outputs: [] })
    expect(await followed).toMatchObject({ sequence: 3, type: 'run_succeeded' })
    expect(seen).toEqual(['1 node_started', '2 node_completed', '3 run_succeeded'])
    expect(held.count).toBe(0)
  })

  it('lets go of the subscription when onEvent throws', async () => {
    const runId = await newRun()
    const { follower, held } = counted()
    await app.events.append(runId, 'node_started', { nodeId: 'a' })
    const failing = followRun(follower, runId, {
      onEvent: () => {
        throw new Error('the client went away')
      },
    })
    await expect(failing).rejects.toThrow('the client went away')
    expect(held.count).toBe(0)
  })

  it('stops after the events that park the run on an approval, saying it waits', async () => {
    const runId = await newRun()
    const { follower, held } = counted()
    await app.events.append(runId, 'node_started', { nodeId: 'a' })
    await app.events.append(runId, 'approval_requested' as string, { approvalId: 'x' })
    await app.events.append(runId, 'run_waiting', {})
    const events = runEvents(follower, runId, new AbortController().signal)
    const seen: string[] = []
    let next = await events.next()
    for (; !next.done; next = await events.next()) seen.push(next.value.type)
    expect(next.value).toBe('waiting')
    expect(seen).toEqual(['node_started', 'approval_requested', 'run_waiting'])
    expect(held.count).toBe(0)
  })

  it('takes a local run’s events from its feed, reading from the log only what others appended in between', async () => {
    const runId = await newRun()
    const feed = new LocalRunFeed()
    const { follower } = counted(new Map([[runId, feed]]))
    // The run's writer in this process, as its executor has it: each batch reaches the feed before readers are woken.
    const writer = new RunEventWriter(app.events, runId, 1, [], (events) => feed.push(events))
    await writer.write('node_started', { nodeId: 'a' })
    // Another writer appended event 2 (an MCP server connected, say): the feed never carries it.
    await app.events.append(runId, 'mcp_connected' as string, { serverId: 's' })
    const listAfter = vi.spyOn(app.events, 'listAfter')
    const seen: string[] = []
    const followed = followRun(follower, runId, { onEvent: (event) => void seen.push(`${event.sequence} ${event.type}`) })
    // Event 2 comes when its notification arrives, or with the gap before event 3.
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(1))
    await writer.write('node_completed', { nodeId: 'a' })
    feed.ending({ status: 'succeeded', outputs: [], usage: null, error: null })
    await writer.write('run_succeeded', { outputs: [] })
    expect(await followed).toMatchObject({ sequence: 4, type: 'run_succeeded' })
    expect(seen).toEqual(['1 node_started', '2 mcp_connected', '3 node_completed', '4 run_succeeded'])
    expect(feed.outcome).toMatchObject({ status: 'succeeded' })
    // One read of the log, for the gap the feed showed before event 3 (it reads a page: event 3 comes with it).
    expect(listAfter.mock.calls.map(([, after]) => after)).toEqual([1])
    listAfter.mockRestore()
  })

  it('moves to the feed of a run claimed in this process after it began to follow it on the log', async () => {
    const runId = await newRun()
    const feeds = new Map<string, LocalRunFeed>()
    const { follower } = counted(feeds)
    await app.events.append(runId, 'run_queued' as string, {})
    const listAfter = vi.spyOn(app.events, 'listAfter')
    const seen: number[] = []
    const followed = followRun(follower, runId, { onEvent: (event) => void seen.push(event.sequence) })
    await vi.waitFor(() => expect(seen).toEqual([1]))
    expect(listAfter.mock.calls.map(([id, after]) => [id === runId, after])).toEqual([[true, 0]])
    // A worker here claims the run: the claim stores run_started, the run's feed holds it, then readers are woken.
    await app.events.insertNumbered(runId, [{ sequence: 2, type: 'run_started', payload: '{}' }], undefined, {
      stored: ({ createdAt }) => feeds.set(runId, new LocalRunFeed([{ sequence: 2, type: 'run_started', data: {}, createdAt: createdAt.toISOString() }])),
    })
    const writer = new RunEventWriter(app.events, runId, 3, [], (events) => feeds.get(runId)!.push(events))
    for (const nodeId of ['a', 'b']) await writer.write('node_started', { nodeId })
    await writer.write('run_succeeded', { outputs: [] })
    expect(await followed).toMatchObject({ sequence: 5, type: 'run_succeeded' })
    expect(seen).toEqual([1, 2, 3, 4, 5])
    // The log was read once, before the claim; everything since came from the feed.
    expect(listAfter).toHaveBeenCalledTimes(1)
    listAfter.mockRestore()
  })

  it('yields each event once to a consumer that stops early, and lets go of the subscription', async () => {
    const runId = await newRun()
    const { follower, held } = counted()
    for (const nodeId of ['a', 'b', 'c']) await app.events.append(runId, 'node_started', { nodeId })
    const events = runEvents(follower, runId, new AbortController().signal)
    const first = await events.next()
    expect(first.value).toMatchObject({ sequence: 1 })
    expect(held.count).toBe(1)
    await events.return('aborted')
    expect(held.count).toBe(0)
  })
})
