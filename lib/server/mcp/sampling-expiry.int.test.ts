/**
 * A sampling request nobody answered in time is told to its server as expired, not as a person's
 * refusal, so what the run shows says so (as an expired tool approval does). The shipped research
 * assistant (a real SDK server over stdio) asks for the completion; its answer is the run's output.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_WORKFLOW_ID } from '../seed'
import { RunService } from '../runs/run-service'
import { RunWorker } from '../runs/execution/run-worker'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { waitFor, waitForRunEnd } from '../testing/wait-for'

const CALL = '/call research-assistant_summarize_topic {"topic":"tidal energy"}'

describe('an expired sampling approval', () => {
  let app: TestApp
  let worker: RunWorker
  beforeAll(async () => {
    app = await createTestApp({ install: false })
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
  })
  afterAll(async () => {
    await worker?.stop(100)
    await app?.close()
  })

  it('says expired in the run, not that the request was declined by a person', { timeout: 120_000 }, async () => {
    const admin = principalOf(app.admin)
    const runs = new RunService(app)
    const run = await runs.create(admin, { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
    const asked = await waitFor(async () => (await app.approvals.list(admin, { status: 'pending', runId: run.id }))[0])
    expect(asked.kind).toBe('sampling')
    await app.db.prisma.approvalRequest.update({ where: { id: asked.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    await app.approvals.expireOverdue()
    const done = await waitForRunEnd({ get: (id) => runs.get(admin, id) }, app.events, run.id)
    expect(done.status).toBe('succeeded')
    // The tool's answer, as the run's log keeps it: the server was told the approval expired.
    const rows = await app.db.sql.query<{ data: string }>(`SELECT data::text AS data FROM "RunEvent" WHERE "runId" = $1 ORDER BY sequence`, [run.id])
    const told = rows.map((row) => row.data).join('\n')
    expect(told).toContain('its approval expired (nobody answered in time)')
    expect(told).not.toContain("denied by the 'samplingApprovalCallback'")
    expect((await app.approvals.get(admin, asked.id)).status).toBe('expired')
  })
})
