/**
 * A run's create reuses the check of a version this process checked before (checked-versions.ts): the run is then
 * written in one statement, which still finds the version as the principal may run it. A newer save, a deleted
 * workflow, a stranger, a request that does not fit and a version that names what the server offers each go the
 * first create's way, with its answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import { countStatements, describeCount, type StatementCounter } from '../testing/statement-counter'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import type { Principal } from '../auth/principal'
import { WorkflowService } from '../workflows/workflow-service'
import { RunService } from './run-service'

const cityGraph = (greeting: string) =>
  graph()
    .start('start', { inputFields: [{ name: 'city', type: 'string' }] })
    .node('about', 'transform', { expression: `"${greeting} " + input.city` })
    .output()
    .chain('start', 'about', 'output')
    .build() as GraphDocument

describe("a create that reuses its version's check", () => {
  let app: TestApp
  let counter: StatementCounter
  let owner: Principal
  let stranger: Principal
  let workflows: WorkflowService
  let runs: RunService

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    owner = principalOf(await app.addUser())
    stranger = principalOf(await app.addUser())
    workflows = new WorkflowService(app.db.prisma)
    runs = new RunService(app)
    const [{ name }] = await app.db.sql.query<{ name: string }>('SELECT current_database() AS name')
    counter = countStatements(name)
  })
  afterAll(async () => {
    counter?.stop()
    await app?.close()
  })

  /** Creates a run (queued: no worker here takes it) and says how many statements the create sent. */
  async function counted(create: () => Promise<unknown>): Promise<{ statements: number; outcome: unknown }> {
    await counter.settled()
    counter.reset()
    const outcome = await create().catch((error: unknown) => error)
    await counter.settled()
    const count = counter.read()
    return { statements: count.statements, outcome: Object.assign(outcome as object, { count: describeCount(count) }) }
  }

  const input = JSON.stringify({ city: 'Lyon' })

  it('writes the run in one statement once the version was checked, and checks a newer save of the latest again', async () => {
    const { workflow } = await workflows.create(owner, { name: 'Weather', graph: cityGraph('Weather in') })
    const first = await counted(() => runs.create(owner, { workflowId: workflow.id, input }))
    expect(first.statements, String((first.outcome as { count: string }).count)).toBe(2)
    const again = await counted(() => runs.create(owner, { workflowId: workflow.id, input }))
    expect(again.statements, String((again.outcome as { count: string }).count)).toBe(1)
    expect(again.outcome).toMatchObject({ version: 1, status: 'queued' })

    await workflows.createVersion(owner, workflow.id, cityGraph('Forecast for'), 1)
    // The kept check was of version 1: the insert finds version 2, writes nothing, and the create checks version 2.
    const afterSave = await counted(() => runs.create(owner, { workflowId: workflow.id, input }))
    expect(afterSave.outcome).toMatchObject({ version: 2 })
    expect(afterSave.statements).toBe(3)
    const stored = await app.db.prisma.run.findUniqueOrThrow({
      where: { id: (afterSave.outcome as { id: string }).id },
      select: { version: { select: { version: true } } },
    })
    expect(stored.version?.version).toBe(2)
    expect((await counted(() => runs.create(owner, { workflowId: workflow.id, input }))).statements).toBe(1)
    // A version asked for by number is kept apart from the latest.
    await runs.create(owner, { workflowId: workflow.id, version: 1, input })
    const pinned = await counted(() => runs.create(owner, { workflowId: workflow.id, version: 1, input }))
    expect(pinned).toMatchObject({ statements: 1, outcome: { version: 1 } })
  })

  it('answers a stranger, a request that does not fit and a deleted workflow as a first create does', async () => {
    const { workflow } = await workflows.create(owner, { name: 'Weather, kept', graph: cityGraph('Weather in') })
    await runs.create(owner, { workflowId: workflow.id, input })
    const runCount = () => app.db.prisma.run.count({ where: { workflowId: workflow.id } })
    const before = await runCount()

    // A stranger learns nothing of the workflow's input fields: the 404 of a missing workflow, whatever the input.
    await expect(runs.create(stranger, { workflowId: workflow.id, input: 'not an object' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(runs.create(stranger, { workflowId: workflow.id, input })).rejects.toMatchObject({ code: 'not_found' })
    // The owner's input that does not fit is the 400 naming the field.
    await expect(runs.create(owner, { workflowId: workflow.id, input: JSON.stringify({ town: 'Lyon' }) })).rejects.toMatchObject({ code: 'invalid_run_input' })
    expect(await runCount()).toBe(before)

    await workflows.delete(owner, workflow.id, 'keep')
    await expect(runs.create(owner, { workflowId: workflow.id, input })).rejects.toMatchObject({ code: 'not_found' })
    expect(await runCount()).toBe(before)
  })

  it('checks at every create a version that names what the server offers', async () => {
    const { workflow: child } = await workflows.create(owner, {
      name: 'Child',
      graph: graph().start().output().chain('start', 'output').build() as GraphDocument,
    })
    const parentGraph = graph()
      .start()
      .node('child', 'sub_workflow', { workflowId: child.id })
      .output()
      .chain('start', 'child', 'output')
      .build() as GraphDocument
    const { workflow: parent } = await workflows.create(owner, { name: 'Parent', graph: parentGraph })
    await runs.create(owner, { workflowId: parent.id, input: 'hi' })
    const again = await counted(() => runs.create(owner, { workflowId: parent.id, input: 'hi' }))
    expect(again.statements).toBeGreaterThan(1)
    // The sub-workflow deleted since: the create says so instead of writing a run that can only fail.
    await workflows.delete(owner, child.id, 'keep')
    await expect(runs.create(owner, { workflowId: parent.id, input: 'hi' })).rejects.toMatchObject({ code: 'invalid_graph' })
  })
})
