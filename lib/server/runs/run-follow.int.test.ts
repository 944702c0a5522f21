/**
 * RunService.follow, the event stream's access check: a reader who sees the run gets its status and the run is marked
 * followed (its worker then announces its batches to other processes); one who does not gets the 404 of a missing run,
 * and the run is left as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { RunService } from './run-service'

describe('following a run', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
  })
  afterAll(async () => app?.close())

  it('marks the run followed for a reader who sees it, and nothing for one who does not', async () => {
    const owner = await app.addUser()
    const outsider = await app.addUser()
    const document = graph().start().output().chain('start', 'output').build()
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Followed', graph: document })
    const runs = new RunService(app)
    // Queued, and no worker here takes it: it stays active while the test looks.
    const run = await runs.create(principalOf(owner), { workflowId: workflow.id, input: 'hi' })
    const followed = async () => (await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { followed: true } })).followed

    await expect(runs.follow(principalOf(outsider), run.id)).rejects.toMatchObject({ code: 'not_found' })
    expect(await followed()).toBe(false)
    expect(await runs.follow(principalOf(owner), run.id)).toBe('queued')
    expect(await followed()).toBe(true)
    expect(await runs.follow(principalOf(app.admin), run.id)).toBe('queued')
  })
})
