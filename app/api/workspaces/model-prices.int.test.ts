/**
 * A workspace's model price table through its routes against Postgres: the defaults until one is saved, owners save
 * (an empty table goes back to the defaults), viewers read, others get the workspace's 404, bad tables a 400 JSON;
 * and a run's cost is its usage priced by its model in the table (the demo model: free by default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MODEL_PRICES } from '@/lib/contracts/model-prices'
import { RunService } from '@/lib/server/runs/run-service'
import { callRoute, principalOf, type TestUser } from '@/lib/server/testing/test-app'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import * as runCostRoute from '../runs/[id]/cost/route'
import * as acceptRoute from '../workspace-invitations/[token]/route'
import * as invitationsRoute from './[id]/invitations/route'
import * as pricesRoute from './[id]/model-prices/route'
import * as workspacesRoute from './route'

const demoGraph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'writer', kind: 'agent', position: { x: 250, y: 0 }, data: { name: 'writer', model: { provider: 'demo' } } },
    { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'writer' },
    { id: 'b', source: 'writer', target: 'output' },
  ],
}

describe('model prices', () => {
  let app: WorkerTestApp
  let owner: TestUser
  let viewer: TestUser
  let other: TestUser
  let workspaceId: string

  beforeAll(async () => {
    app = await createWorkerTestApp()
    owner = await app.addUser('member')
    viewer = await app.addUser('member')
    other = await app.addUser('member')
    workspaceId = (await callRoute(workspacesRoute.POST, { body: { name: 'Priced' }, as: owner })).body.workspace.id
    const link = await callRoute(invitationsRoute.POST, { params: { id: workspaceId }, body: { role: 'viewer', approver: false }, as: owner })
    expect((await callRoute(acceptRoute.POST, { params: { token: link.body.token }, as: viewer })).status).toBe(200)
  })
  afterAll(async () => app?.close())

  const params = () => ({ id: workspaceId })
  const put = (prices: unknown, as: TestUser | null = owner, id = workspaceId) =>
    callRoute(pricesRoute.PUT, { method: 'PUT', params: { id }, body: { prices }, as })

  it('answers the defaults until owners save a table, and the defaults again for an empty one', async () => {
    expect((await callRoute(pricesRoute.GET, { params: params(), as: viewer })).body).toMatchObject({
      source: 'default',
      prices: DEFAULT_MODEL_PRICES,
      updatedAt: null,
    })
    const table = [{ model: 'gpt-4o', inputPerMillionUsd: 3, outputPerMillionUsd: 12 }]
    const saved = await put(table)
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ source: 'workspace', prices: table, updatedAt: expect.any(String) })
    expect((await callRoute(pricesRoute.GET, { params: params(), as: viewer })).body.prices).toEqual(table)
    expect((await put([])).body).toMatchObject({ source: 'default', prices: DEFAULT_MODEL_PRICES })
  })

  it('refuses bad tables with a 400 JSON error and stores nothing', async () => {
    const price = { model: 'm', inputPerMillionUsd: 1, outputPerMillionUsd: 1 }
    for (const prices of [[{ ...price, inputPerMillionUsd: -1 }], [price, price], [{ ...price, model: '' }], 'all', [{ model: 'm' }]]) {
      const refused = await put(prices)
      expect(refused.status, JSON.stringify(prices)).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', message: expect.any(String) })
    }
    expect((await callRoute(pricesRoute.GET, { params: params(), as: owner })).body.source).toBe('default')
  })

  it('lets viewers read but not change it, hides it from others (404) and from the signed-out (401)', async () => {
    expect((await put([], viewer)).status).toBe(403)
    expect((await callRoute(pricesRoute.GET, { params: params(), as: other })).status).toBe(404)
    expect((await put([], other)).status).toBe(404)
    expect((await callRoute(pricesRoute.GET, { params: { id: '00000000-0000-4000-8000-000000000000' }, as: owner })).status).toBe(404)
    expect((await callRoute(pricesRoute.GET, { params: params(), as: null })).status).toBe(401)
  })

  it('prices a run by its model in its workspace’s table', async () => {
    const personal = owner.personalWorkspaceId
    const workflow = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Priced run', graph: demoGraph })
    const run = await new RunService(app).create(principalOf(owner), { workflowId: workflow.workflow.id, input: 'hello there' })
    await app.endedRun(run.id)
    const free = await callRoute(runCostRoute.GET, { params: { id: run.id }, as: owner })
    expect(free.body).toMatchObject({ runId: run.id, model: 'demo', costUsd: 0 })
    const { inputTokens, outputTokens } = free.body as { inputTokens: number; outputTokens: number }
    expect(inputTokens + outputTokens).toBeGreaterThan(0)

    await put([{ model: 'demo', inputPerMillionUsd: 1_000, outputPerMillionUsd: 2_000 }], owner, personal)
    const priced = await callRoute(runCostRoute.GET, { params: { id: run.id }, as: owner })
    expect(priced.body.costUsd).toBeCloseTo((inputTokens * 1_000 + outputTokens * 2_000) / 1_000_000, 10)
    await put([{ model: 'gpt-4o', inputPerMillionUsd: 1, outputPerMillionUsd: 1 }], owner, personal)
    expect((await callRoute(runCostRoute.GET, { params: { id: run.id }, as: owner })).body.costUsd).toBeNull()
    expect((await callRoute(runCostRoute.GET, { params: { id: run.id }, as: other })).status).toBe(404)
  })
})
