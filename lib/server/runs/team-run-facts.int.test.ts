/**
 * A run reads names in its workflow's workspace (issue #30): a runner of a team workspace starts a run of the team's
 * workflow whose agent uses the team's MCP server, and it is queued (the check before queueing looked for the
 * starter's own servers and refused it as "not on the MCP servers page"); a workflow in the runner's personal
 * workspace naming that server is refused when saved (422 foreign_reference), and a run of one stored before saves
 * were checked is refused, since the server is not there. A stored graph that no longer parses is refused before any
 * name is looked up, with what does not parse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as mcpServersRoute from '@/app/api/mcp-servers/route'
import * as runsRoute from '@/app/api/runs/route'
import * as workflowsRoute from '@/app/api/workflows/route'
import * as workspacesRoute from '@/app/api/workspaces/route'
import * as membersRoute from '@/app/api/workspaces/[id]/members/route'

const graph = (serverId: string) => ({
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'agent-1', kind: 'agent', position: { x: 250, y: 0 }, data: { name: 'Researcher', model: { provider: 'demo' }, mcpServerIds: [serverId] } },
    { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'start->agent-1', source: 'start', target: 'agent-1' },
    { id: 'agent-1->output', source: 'agent-1', target: 'output' },
  ],
})

describe("a run checks the names its graph uses in its workflow's workspace", () => {
  let app: TestApp
  let owner: TestUser
  let runner: TestUser
  let workspaceId: string
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    owner = await app.addUser('admin')
    runner = await app.addUser('member')
    workspaceId = (await callRoute(workspacesRoute.POST, { body: { name: 'Team' }, as: owner })).body.workspace.id
    const added = await callRoute(membersRoute.POST, { params: { id: workspaceId }, body: { email: runner.email, role: 'runner' }, as: owner })
    expect(added.status).toBe(201)
    const server = await callRoute(mcpServersRoute.POST, {
      url: `http://localhost/api/mcp-servers?workspaceId=${workspaceId}`,
      body: { id: 'team-tools', name: 'Team tools', transport: 'stdio', config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] } },
      as: owner,
    })
    expect(server.status, JSON.stringify(server.body)).toBe(201)
  })
  afterAll(async () => app?.close())

  it("queues a runner's run of the team's workflow that uses the team's MCP server", async () => {
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'Team research', graph: graph('team-tools'), workspaceId }, as: owner })
    expect(workflow.status).toBe(201)
    const run = await callRoute(runsRoute.POST, { body: { workflowId: workflow.body.workflow.id, input: 'hello' }, as: runner })
    expect(run.status, JSON.stringify(run.body)).toBe(201)
  })

  it('refuses to save, or to run, a workflow elsewhere that names a server only the team has', async () => {
    const refused = await callRoute(workflowsRoute.POST, { body: { name: 'Mine', graph: graph('team-tools') }, as: runner })
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'foreign_reference' } } })
    expect(refused.body.error.details.references).toEqual([{ nodeId: 'agent-1', kind: 'mcp_server', name: 'team-tools', workspaceId, workspaceName: 'Team' }])
    // One stored before saves were checked: its run is refused as before.
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'Mine' }, as: runner })
    expect(workflow.status).toBe(201)
    await app.db.prisma.workflowVersion.updateMany({ where: { workflowId: workflow.body.workflow.id }, data: { graph: graph('team-tools') } })
    const run = await callRoute(runsRoute.POST, { body: { workflowId: workflow.body.workflow.id, input: 'hello' }, as: runner })
    expect(run).toMatchObject({ status: 400, body: { error: { code: 'invalid_graph' } } })
    expect(run.body.error.message).toContain('team-tools')
  })

  it('refuses a run of a stored graph that no longer parses, naming what does not', async () => {
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'Broken' }, as: runner })
    expect(workflow.status).toBe(201)
    const broken = { ...graph('team-tools'), nodes: [{ id: 'start', kind: 'no-such-kind', position: { x: 0, y: 0 }, data: {} }] }
    await app.db.prisma.workflowVersion.updateMany({ where: { workflowId: workflow.body.workflow.id }, data: { graph: broken } })
    const run = await callRoute(runsRoute.POST, { body: { workflowId: workflow.body.workflow.id, input: 'hello' }, as: runner })
    expect(run).toMatchObject({ status: 400, body: { error: { code: 'invalid_graph' } } })
    expect(run.body.error.details.problems.length).toBeGreaterThan(0)
    expect(await app.db.prisma.run.count({ where: { workflowId: workflow.body.workflow.id } })).toBe(0)
  })
})
