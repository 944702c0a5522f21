/**
 * Two runs side by side through the route handler, with the real worker and Postgres: two runs of one workflow of
 * demo agents with different inputs differ at every agent and in their outputs, each with its tokens, cost and events
 * by type; a team viewer compares the team's runs but gets the 404 of a missing run for another workspace's; bad ids
 * answer 400 and no sign-in 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runComparisonSchema } from '@/lib/contracts/run-compare'
import type { GraphDocument } from '@/lib/graph'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { waitForRunEnd } from '@/lib/server/testing/wait-for'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'
import { GET as getRun } from './[id]/route'
import { GET as compareRuns } from './compare/route'
import { POST as createRun } from './route'

const agent = (id: string) => ({ id, kind: 'agent', data: { name: id, instructions: 'Answer.', model: { provider: 'demo' } } })

/** start → writer → reviewer → output. */
const graph = {
  schemaVersion: 1,
  nodes: [{ id: 'start', kind: 'start', data: {} }, agent('writer'), agent('reviewer'), { id: 'output', kind: 'output', data: {} }].map((node, i) => ({
    ...node,
    position: { x: i * 200, y: 0 },
  })),
  edges: [
    { id: 'e0', source: 'start', target: 'writer' },
    { id: 'e1', source: 'writer', target: 'reviewer' },
    { id: 'e2', source: 'reviewer', target: 'output' },
  ],
} as GraphDocument

describe('GET /api/runs/compare', () => {
  let app: TestApp
  let worker: RunWorker
  let owner: TestUser
  let viewer: TestUser
  let outsider: TestUser
  let hello: string
  let bonjour: string
  let outsiderRun: string

  const compare = (query: string, as?: TestUser | null) => callRoute(compareRuns, { url: `http://localhost/api/runs/compare?${query}`, as })
  const run = async (workflowId: string, input: string, as: TestUser) => {
    const created = await callRoute(createRun, { body: { workflowId, input }, as })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.run.id as string
    await waitForRunEnd({ get: async (runId) => (await callRoute(getRun, { params: { id: runId }, as })).body }, app.events, id)
    return id
  }

  beforeAll(async () => {
    app = await createTestApp()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    owner = await app.addUser('member')
    viewer = await app.addUser('member')
    outsider = await app.addUser('member')
    const workspaces = new WorkspaceService(app)
    const team = await workspaces.create(principalOf(owner), 'comparing team')
    // A principal read afresh: it holds the memberships as they are now.
    const now = async (user: TestUser) => (await app.apiTokens.authenticate(user.token))!
    await workspaces.addMember(await now(owner), team.id, { email: viewer.email, role: 'viewer', approver: false })
    const workflows = new WorkflowService(app.db.prisma)
    const teamWorkflow = (await workflows.create(await now(owner), { name: 'reviewed', graph, workspaceId: team.id })).workflow.id
    hello = await run(teamWorkflow, 'hello', owner)
    bonjour = await run(teamWorkflow, 'bonjour', owner)
    const outsiderWorkflow = (await workflows.create(principalOf(outsider), { name: 'elsewhere', graph })).workflow.id
    outsiderRun = await run(outsiderWorkflow, 'hello', outsider)
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  it('shows two runs with different inputs side by side: outputs, tokens, cost, events and each node, differing at the agents', async () => {
    const response = await compare(`a=${hello}&b=${bonjour}`, viewer)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const { a, b, nodes } = runComparisonSchema.parse(response.body)
    expect(a).toMatchObject({ id: hello, workflowName: 'reviewed', version: 1, status: 'succeeded', outputs: ['Demo reply: Demo reply: hello'] })
    expect(b).toMatchObject({ id: bonjour, status: 'succeeded', outputs: ['Demo reply: Demo reply: bonjour'] })
    for (const side of [a, b]) {
      expect(side.durationMs).toBeGreaterThanOrEqual(0)
      expect(side.usage?.totalTokenCount).toBeGreaterThan(0)
      expect(side.cost).toMatchObject({ runId: side.id, model: 'demo', costUsd: 0 })
      expect(side.cost.inputTokens).toBe(side.usage?.inputTokenCount)
      expect(side.eventCounts).toMatchObject({ executor_invoked: 4, agent_response: 2, output: 1 })
      expect(side.nodes.writer).toMatchObject({ invoked: true, invocations: 1, failed: false })
      expect(side.nodes.writer.usage?.totalTokenCount).toBeGreaterThan(0)
    }
    expect(a.nodes.writer.outputs).toEqual(['Demo reply: hello'])
    expect(b.nodes.writer.outputs).toEqual(['Demo reply: bonjour'])
    expect(a.nodes.output.outputs).toEqual(['Demo reply: Demo reply: hello'])
    expect(nodes.map((node) => [node.nodeId, node.differs])).toEqual([
      ['start', false],
      ['writer', true],
      ['reviewer', true],
      ['output', true],
    ])
    // A run compared with itself differs nowhere.
    const same = runComparisonSchema.parse((await compare(`a=${hello}&b=${hello}`, viewer)).body)
    expect(same.nodes.some((node) => node.differs)).toBe(false)
  })

  it('answers a run the caller cannot see with the 404 of a missing run, on either side', async () => {
    for (const query of [`a=${hello}&b=${outsiderRun}`, `a=${outsiderRun}&b=${hello}`, `a=${hello}&b=00000000-0000-4000-8000-000000000000`]) {
      const response = await compare(query, viewer)
      expect(response.status, query).toBe(404)
      expect(response.body.error.code).toBe('not_found')
    }
    expect((await compare(`a=${hello}&b=${bonjour}`, outsider)).status).toBe(404)
  })

  it('answers missing or malformed ids 400 and no sign-in 401', async () => {
    for (const query of ['', `a=${hello}`, `b=${hello}`, `a=${hello}&b=nope`, `a=1&b=2`]) {
      const response = await compare(query, viewer)
      expect(response.status, query).toBe(400)
      expect(response.body.error.code).toBe('invalid_request')
    }
    const anonymous = await compare(`a=${hello}&b=${bonjour}`, null)
    expect(anonymous.status).toBe(401)
  })
})
