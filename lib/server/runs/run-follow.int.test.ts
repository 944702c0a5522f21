/**
 * RunService.follow, the event stream's access check: a reader who sees the run gets its status and the run is marked
 * followed (its worker then announces its batches to other processes); one who does not gets the 404 of a missing run,
 * and the run is left as it was. A run marked by readers of the process whose worker then executes it announces
 * nothing: they are woken in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import { countStatements } from '../testing/statement-counter'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { WorkflowService } from '../workflows/workflow-service'
import { LocalRunFeed } from './events/local-run-feed'
import { RUN_EVENTS_CHANNEL } from './events/run-event-log'
import { followRun } from './events/run-follower'
import { RunWorker } from './execution/run-worker'
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
    expect(await runs.follow(principalOf(owner), run.id)).toEqual({ status: 'queued', marked: true })
    expect(await followed()).toBe(true)
    expect(await runs.follow(principalOf(app.admin), run.id)).toEqual({ status: 'queued', marked: true })
  })

  it('leaves a run this process executes unmarked (its stream marks it when it leaves), the access checked all the same', async () => {
    const owner = await app.addUser()
    const outsider = await app.addUser()
    const document = graph().start().output().chain('start', 'output').build()
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Here', graph: document })
    const run = await new RunService(app).create(principalOf(owner), { workflowId: workflow.id, input: 'hi' })
    // This process's worker executes it: its feed is open.
    const feed = new LocalRunFeed()
    const here = Object.assign(Object.create(app) as TestApp, { localWorker: { feedOf: (id: string) => (id === run.id ? feed : undefined) } })
    const runs = new RunService(here)
    await expect(runs.follow(principalOf(outsider), run.id)).rejects.toMatchObject({ code: 'not_found' })
    expect(await runs.follow(principalOf(owner), run.id)).toEqual({ status: 'queued', marked: false })
    expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { followed: true } })).followed).toBe(false)
    feed.close()
    expect(await runs.follow(principalOf(owner), run.id)).toEqual({ status: 'queued', marked: true })
  })

  it('announces nothing to other processes for a run followed only here and executed by the worker here', async () => {
    const owner = await app.addUser()
    const document = graph().start().node('step', 'transform', { expression: 'input' }).output().chain('start', 'step', 'output').build()
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Watched here', graph: document })
    const runs = new RunService(app)
    // Queued, followed by a reader here before any worker takes it: its mark names this process.
    const run = await runs.create(principalOf(owner), { workflowId: workflow.id, input: 'hi' })
    expect(await runs.follow(principalOf(owner), run.id)).toEqual({ status: 'queued', marked: true })
    const [{ name }] = await app.db.sql.query<{ name: string }>('SELECT current_database() AS name')
    const counter = countStatements(name)
    const worker = new RunWorker(app, { concurrency: 1 })
    try {
      const types: string[] = []
      const ended = followRun(app, run.id, { onEvent: (event) => void types.push(event.type) })
      await worker.start()
      expect(await ended).toMatchObject({ type: 'run_succeeded' })
      expect(types).toEqual(expect.arrayContaining(['run_started', 'superstep_completed', 'output', 'run_succeeded']))
      await waitFor(async () => (app.activeRuns.has(run.id) ? undefined : true))
      await counter.settled()
      const announcements = [...counter.read().byText].filter(([text]) => text.includes(`pg_notify('${RUN_EVENTS_CHANNEL}'`))
      expect(announcements).toEqual([])
    } finally {
      counter.stop()
      await worker.stop()
    }
  })
})
