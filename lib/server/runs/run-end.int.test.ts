/**
 * A run's end is stored whatever its failure message quotes: a NUL a tool or server sent cannot be held by the
 * `Run.error` text column, and storing it raw failed the end itself (the worker's retry then recorded the
 * database's error instead of the cause).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_WORKFLOW_ID } from '../seed'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { endRun } from './run-executor'
import { RunService } from './run-service'

describe('endRun', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => app?.close())

  it('stores a failure message holding NUL, with the NUL replaced, in the run and its final event', async () => {
    const run = await new RunService(app).create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' })
    await app.db.prisma.run.update({ where: { id: run.id }, data: { status: 'running' } })
    await endRun(app, run.id, undefined, { status: 'failed', outputs: [], error: 'The tool said: bad\u0000byte' })
    const stored = await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })
    expect(stored).toMatchObject({ status: 'failed', error: 'The tool said: bad\uFFFDbyte' })
    const events = await app.events.listAfter(run.id)
    expect(events.at(-1)).toMatchObject({ type: 'run_failed', data: { error: 'The tool said: bad\uFFFDbyte' } })
  })
})
