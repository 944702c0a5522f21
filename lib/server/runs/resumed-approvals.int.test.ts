/**
 * A run resumed after its worker process was killed while an MCP server's sampling request waited for a
 * person: the resumed attempt asks again, and the request the dead attempt asked is closed, so that
 * answering it cannot say "approved" while the run waits on the new one. A real worker process is
 * killed; a worker in this process takes the run over once its lease lapsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_WORKFLOW_ID } from '../seed'
import { killStartedProcesses, startWorker, type WorkerProcess } from '../testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { testDatabaseServerUrl } from '../testing/test-database'
import { waitFor, waitForRunEnd } from '../testing/wait-for'
import { RunService } from './run-service'
import { RunWorker } from './execution/run-worker'

const LEASE_MS = 1500
const CALL = '/call research-assistant_summarize_topic {"topic":"tidal energy"}'

describe('a run resumed after a crash while a sampling request waited', () => {
  let app: TestApp
  let crashed: WorkerProcess | undefined
  let takeover: RunWorker | undefined

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => {
    await killStartedProcesses()
    await takeover?.stop(0)
    await app?.close()
  })

  it('closes the request the dead attempt asked, and the run goes on with the answer to the new one', async () => {
    const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
    const databaseUrl = new URL(testDatabaseServerUrl())
    databaseUrl.pathname = `/${name}`
    crashed = await startWorker('worker', {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      AGENTLOOM_SECRET_KEY: app.masterKey.toString('base64'),
      AGENTLOOM_RUN_LEASE_MS: String(LEASE_MS),
    })
    const owner = principalOf(app.admin)
    const runs = new RunService(app)
    const run = await runs.create(owner, { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
    const pendingOf = () => app.approvals.list(owner, { status: 'pending', runId: run.id })
    const first = await waitFor(async () => (await pendingOf())[0])
    expect(first.kind).toBe('sampling')

    await crashed.kill('SIGKILL')
    takeover = new RunWorker(app, { concurrency: 1, leaseMs: LEASE_MS })
    await takeover.start()
    const again = await waitFor(async () => (await pendingOf()).find((approval) => approval.id !== first.id))

    expect(await app.approvals.get(owner, first.id)).toMatchObject({ status: 'expired', response: { closedBy: 'run_stopped' } })
    expect(await pendingOf()).toEqual([again])
    await expect(app.approvals.answer(owner, first.id, { decision: 'approve' })).rejects.toMatchObject({
      code: 'approval_expired',
      message: 'This request was closed when its run stopped; the run asks again when it goes on.',
    })

    await app.approvals.answer(owner, again.id, { decision: 'approve' })
    const done = await waitForRunEnd({ get: (id) => runs.get(owner, id) }, app.events, run.id)
    expect(done.status).toBe('succeeded')
    expect(JSON.stringify(done.outputs)).toContain('tidal energy')
  }, 90_000)
})
