import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkflowBuilder, executor } from '@/lib/core'
import type { Database } from '../db/database'
import { SecretBox } from '../secrets/secret-box'
import { createTestDatabase } from '../testing/test-database'
import { PostgresCheckpointStorage } from './postgres-checkpoint-storage'

describe('PostgresCheckpointStorage', () => {
  const box = new SecretBox(Buffer.alloc(32, 7))
  let db: Database
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(async () => db?.close())

  function buildWorkflow() {
    const ask = executor('ask', (text: string, ctx) => ctx.requestInfo({ question: `continue ${text}?` }), {
      onResponse: (_request: unknown, answer: unknown, ctx) => ctx.sendMessage(String(answer)),
    })
    const emit = executor('emit', (text: string, ctx) => ctx.yieldOutput(`answer: ${text}`))
    return new WorkflowBuilder({ startExecutor: ask, name: 'hitl' }).addEdge(ask, emit).build()
  }

  it('checkpoints every superstep and resumes a paused workflow in a new instance (another process)', async () => {
    const storage = new PostgresCheckpointStorage(db.prisma, box)
    const first = await buildWorkflow().run('x', { checkpointStorage: storage })
    const [request] = first.getRequestInfoEvents()
    expect(request).toBeDefined()
    const saved = await storage.list({ workflowName: 'hitl' })
    expect(saved.length).toBeGreaterThan(0)
    const latest = saved[saved.length - 1]

    const resumed = await buildWorkflow().run(undefined, {
      checkpointId: latest.checkpointId,
      checkpointStorage: new PostgresCheckpointStorage(db.prisma, box),
      responses: { [request.requestId]: 'yes' },
    })
    expect(resumed.getOutputs()).toEqual(['answer: yes'])
  })

  it('stores checkpoints sealed: what the workflow carries is nowhere in the row', async () => {
    const storage = new PostgresCheckpointStorage(db.prisma, box)
    await buildWorkflow().run('canary-4e1f9b2d', { checkpointStorage: storage })
    const rows = await db.sql.query<{ data: string }>(`SELECT data::text AS data FROM "Checkpoint"`)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.data).not.toContain('canary-4e1f9b2d')
      expect(JSON.parse(row.data)).toEqual({ sealed: expect.stringMatching(/^v1:/) })
    }
    // Another key cannot open them.
    const [first] = await storage.list({ workflowName: 'hitl' })
    await expect(new PostgresCheckpointStorage(db.prisma, new SecretBox(Buffer.alloc(32, 8))).load(first.checkpointId)).rejects.toThrow(/another key/)
  })

  it('scopes checkpoints to a run, loads, lists oldest first and deletes', async () => {
    const version = await db.prisma.workflowVersion.create({ data: { version: 1, graph: {}, workflow: { create: { name: 'w' } } } })
    const run = await db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: '' } })
    const scoped = new PostgresCheckpointStorage(db.prisma, box, run.id)
    await buildWorkflow().run('y', { checkpointStorage: scoped })
    const mine = await scoped.list()
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.map((c) => c.timestamp)).toEqual([...mine.map((c) => c.timestamp)].sort())
    expect(await scoped.load(mine[0].checkpointId)).toMatchObject({ checkpointId: mine[0].checkpointId })
    expect(await new PostgresCheckpointStorage(db.prisma, box, '00000000-0000-4000-8000-000000000000').load(mine[0].checkpointId)).toBeUndefined()
    expect(await scoped.delete(mine[0].checkpointId)).toBe(true)
    expect(await scoped.delete(mine[0].checkpointId)).toBe(false)
  })
})
