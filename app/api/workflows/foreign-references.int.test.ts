/**
 * A save names only what the workflow's own workspace has (issue #30): a workflow of a team workspace that names the
 * saver's personal saved agent, MCP server, skill or sub-workflow is refused with 422 `foreign_reference`, each node and
 * name listed, and nothing is stored — on create, on a new version, on a restore and on a duplicate into another
 * workspace. The same document naming the team's own things is saved. A name found nowhere the saver can see (deleted,
 * or another person's workspace) is not refused here: the editor's Problems panel and the run check report it, and the
 * answer does not tell what other workspaces hold. A saved agent's definition is checked the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph as graphBuilder } from '@/lib/graph/testing/graph-builder'
import { errorStatuses, operationOf } from '@/lib/server/openapi/openapi-document'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as liveVersionsRoute from './[id]/live/versions/route'
import * as restoreRoute from './[id]/versions/[version]/restore/route'
import * as agentsRoute from '../agents/route'
import * as agentVersionsRoute from '../agents/[id]/versions/route'
import * as mcpServersRoute from '../mcp-servers/route'
import * as skillsRoute from '../skills/route'
import * as workspacesRoute from '../workspaces/route'
import * as workflowsRoute from './route'
import * as versionsRoute from './[id]/versions/route'
import * as duplicateRoute from './[id]/duplicate/route'

const skill = (name: string) => `---\nname: ${name}\ndescription: A skill of one workspace.\n---\n\n# ${name}\n`

describe('a save refuses names of another workspace', () => {
  let app: TestApp
  let person: TestUser
  let stranger: TestUser
  let team: string
  const made = {
    team: { server: 'team-tools', skill: 'team-tone', agent: '', workflow: '' },
    mine: { server: 'my-tools', skill: 'my-tone', agent: '', workflow: '' },
  }
  let strangersAgent: string

  /** Every kind of reference, to the things of `where`. */
  const naming = (names: (typeof made)['team']) =>
    graphBuilder()
      .start()
      .agent('writer', { mcpServerIds: [names.server], skillIds: [names.skill] })
      .node('saved', 'agent_ref', { agentId: names.agent })
      .node('sub', 'sub_workflow', { workflowId: names.workflow })
      .output()
      .chain('start', 'writer', 'saved', 'sub', 'output')
      .build()

  const workflowsNamed = (name: string) => app.db.prisma.workflow.count({ where: { name } })

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    person = await app.addUser('member')
    stranger = await app.addUser('member')
    const workspace = await callRoute(workspacesRoute.POST, { body: { name: 'Team' }, as: person })
    expect(workspace.status).toBe(201)
    team = workspace.body.workspace.id
    for (const [where, query] of [
      ['team', `?workspaceId=${team}`],
      ['mine', ''],
    ] as const) {
      const names = made[where]
      const server = await callRoute(mcpServersRoute.POST, {
        url: `http://localhost/api/mcp-servers${query}`,
        body: { id: names.server, name: names.server, transport: 'http', config: { url: 'http://127.0.0.1:9/mcp' } },
        as: person,
      })
      expect(server.status, JSON.stringify(server.body)).toBe(201)
      const skillSaved = await callRoute(skillsRoute.POST, { url: `http://localhost/api/skills${query}`, body: { content: skill(names.skill) }, as: person })
      expect(skillSaved.status).toBe(201)
      const workspaceId = where === 'team' ? team : undefined
      const agent = await callRoute(agentsRoute.POST, { body: { name: `${where} agent`, workspaceId }, as: person })
      expect(agent.status, JSON.stringify(agent.body)).toBe(201)
      names.agent = agent.body.agent.id
      const workflow = await callRoute(workflowsRoute.POST, { body: { name: `${where} workflow`, workspaceId }, as: person })
      expect(workflow.status).toBe(201)
      names.workflow = workflow.body.workflow.id
    }
    strangersAgent = (await callRoute(agentsRoute.POST, { body: { name: 'Not yours' }, as: stranger })).body.agent.id
  })
  afterAll(async () => app?.close())

  it("refuses a team workflow naming the person's own agent, MCP server, skill and sub-workflow, listing each, and stores nothing", async () => {
    const refused = await callRoute(workflowsRoute.POST, { body: { name: 'Mixed up', graph: naming(made.mine), workspaceId: team }, as: person })
    expect(refused.status).toBe(422)
    expect(refused.body.error.code).toBe('foreign_reference')
    const personal = { workspaceId: person.personalWorkspaceId, workspaceName: expect.any(String) }
    expect(refused.body.error.details.references).toEqual([
      { nodeId: 'writer', kind: 'mcp_server', name: made.mine.server, ...personal },
      { nodeId: 'writer', kind: 'skill', name: made.mine.skill, ...personal },
      { nodeId: 'saved', kind: 'agent', name: made.mine.agent, ...personal },
      { nodeId: 'sub', kind: 'workflow', name: made.mine.workflow, ...personal },
    ])
    expect(refused.body.error.message).toContain(`the MCP server "${made.mine.server}" (node writer) is in workspace`)
    expect(await workflowsNamed('Mixed up')).toBe(0)
  })

  it("saves the same document naming the team's own things, and the personal one in the personal workspace", async () => {
    const inTeam = await callRoute(workflowsRoute.POST, { body: { name: 'Team caller', graph: naming(made.team), workspaceId: team }, as: person })
    expect(inTeam.status, JSON.stringify(inTeam.body)).toBe(201)
    const inMine = await callRoute(workflowsRoute.POST, { body: { name: 'My caller', graph: naming(made.mine) }, as: person })
    expect(inMine.status, JSON.stringify(inMine.body)).toBe(201)
  })

  it('refuses a new version naming another workspace’s thing; the versions stay as they were', async () => {
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'Versioned', graph: naming(made.team), workspaceId: team }, as: person })
    const id = workflow.body.workflow.id as string
    const save = (graph: unknown, baseVersion: number) =>
      callRoute(versionsRoute.POST, { params: { id }, body: { graph, baseVersion }, as: person, method: 'POST' })
    const refused = await save(naming({ ...made.team, server: made.mine.server }), 1)
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'foreign_reference' } } })
    expect(refused.body.error.details.references).toEqual([expect.objectContaining({ nodeId: 'writer', kind: 'mcp_server', name: made.mine.server })])
    expect(await app.db.prisma.workflowVersion.count({ where: { workflowId: id } })).toBe(1)
    expect((await save(naming(made.team), 1)).status).toBe(201)
  })

  it('refuses a duplicate into a workspace that lacks what the workflow names', async () => {
    const source = await callRoute(workflowsRoute.POST, { body: { name: 'To copy', graph: naming(made.team), workspaceId: team }, as: person })
    const copy = (workspaceId: string) =>
      callRoute(duplicateRoute.POST, { params: { id: source.body.workflow.id }, body: { name: 'The copy', workspaceId }, as: person, method: 'POST' })
    expect(await copy(person.personalWorkspaceId)).toMatchObject({ status: 422, body: { error: { code: 'foreign_reference' } } })
    expect(await workflowsNamed('The copy')).toBe(0)
    expect((await copy(team)).status).toBe(201)
  })

  it('leaves names found nowhere the person can see to the Problems panel and the run check: no answer tells what others hold', async () => {
    const unknown = { ...made.team, agent: strangersAgent, server: 'nowhere-tools', skill: 'nowhere-tone', workflow: 'deleted-workflow' }
    const saved = await callRoute(workflowsRoute.POST, { body: { name: 'Dangling', graph: naming(unknown), workspaceId: team }, as: person })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
  })

  it('is declared in the OpenAPI description of every route that saves a document', () => {
    for (const route of [
      workflowsRoute.POST,
      versionsRoute.POST,
      restoreRoute.POST,
      duplicateRoute.POST,
      liveVersionsRoute.POST,
      agentsRoute.POST,
      agentVersionsRoute.POST,
    ]) {
      expect(errorStatuses(operationOf(route.route)!)).toContain(422)
    }
  })

  it("refuses a team's saved agent whose definition uses the person's own MCP server or skill", async () => {
    const refused = await callRoute(agentsRoute.POST, {
      body: { name: 'Team writer', workspaceId: team, definition: { mcpServerIds: [made.mine.server], skillIds: [made.team.skill] } },
      as: person,
    })
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'foreign_reference' } } })
    expect(refused.body.error.details.references).toEqual([expect.objectContaining({ kind: 'mcp_server', name: made.mine.server })])
    expect(await app.db.prisma.agent.count({ where: { name: 'Team writer' } })).toBe(0)

    const agent = await callRoute(agentsRoute.POST, {
      body: { name: 'Team writer', workspaceId: team, definition: { mcpServerIds: [made.team.server], skillIds: [made.team.skill] } },
      as: person,
    })
    expect(agent.status, JSON.stringify(agent.body)).toBe(201)
    const version = await callRoute(agentVersionsRoute.POST, {
      params: { id: agent.body.agent.id },
      body: { definition: { skillIds: [made.mine.skill] }, baseVersion: 1 },
      as: person,
      method: 'POST',
    })
    expect(version).toMatchObject({ status: 422, body: { error: { code: 'foreign_reference' } } })
  })
})
