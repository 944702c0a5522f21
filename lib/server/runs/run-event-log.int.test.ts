import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/test-app'
import { RunEventLog } from './run-event-log'

describe('RunEventLog', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let runId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    runId = (await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: '' } })).id
  })
  afterAll(async () => app?.close())

  it('numbers events 1, 2, 3… per run, without gaps or duplicates under concurrent writers', async () => {
    const writers = [app.events, new RunEventLog(app.db), new RunEventLog(app.db)]
    await Promise.all(Array.from({ length: 100 }, (_, i) => writers[i % 3].append(runId, 'tick', { i })))
    const events = await app.events.listAfter(runId)
    expect(events.map((e) => e.sequence)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    expect(new Set(events.map((e) => (e.data as { i: number }).i)).size).toBe(100)
  })

  it('lists after a sequence (resuming) and wakes in-process readers at once', async () => {
    const after = await app.events.listAfter(runId, 98)
    expect(after.map((e) => e.sequence)).toEqual([99, 100])
    const woken = app.events.waitForAppend(runId, 10_000)
    await app.events.append(runId, 'tock')
    await woken
    expect((await app.events.listAfter(runId, 100)).map((e) => e.type)).toEqual(['tock'])
  })
})
