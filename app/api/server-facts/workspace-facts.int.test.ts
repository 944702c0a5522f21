/**
 * The editor checks a workflow against its own workspace (issue #30): GET /api/server-facts?workspaceId= answers with
 * that workspace's MCP servers, skills, saved agents and workflows only, so a workflow of a team workspace that names
 * a server, skill, agent or sub-workflow of the person's personal workspace shows a problem naming it; and a run of it
 * is refused naming the sub-workflow, as the run would not find it there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverFactsResponseSchema, type ServerFactsResponse } from '@/lib/contracts/server-facts'
import { validate } from '@/lib/graph'
import { graph as graphBuilder } from '@/lib/graph/testing/graph-builder'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as agentsRoute from '../agents/route'
import * as mcpServersRoute from '../mcp-servers/route'
import * as runsRoute from '../runs/route'
import * as skillsRoute from '../skills/route'
import * as workflowsRoute from '../workflows/route'
import * as workspacesRoute from '../workspaces/route'
import * as factsRoute from './route'

const skill = (name: string) => `---\nname: ${name}\ndescription: A skill of one workspace.\n---\n\n# ${name}\n`

describe("the editor's facts are those of the workflow's workspace", () => {
  let app: TestApp
  let person: TestUser
  let team: string
  /** What each workspace holds, by kind. */
  const made = {
    team: { server: 'team-tools', skill: 'team-tone', agent: '', workflow: '' },
    mine: { server: 'my-tools', skill: 'my-tone', agent: '', workflow: '' },
  }

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    person = await app.addUser('member')
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
      expect(
        (await callRoute(skillsRoute.POST, { url: `http://localhost/api/skills${query}`, body: { content: skill(names.skill) }, as: person })).status,
      ).toBe(201)
      const workspaceId = where === 'team' ? team : undefined
      const agent = await callRoute(agentsRoute.POST, { body: { name: `${where} agent`, workspaceId }, as: person })
      expect(agent.status, JSON.stringify(agent.body)).toBe(201)
      names.agent = agent.body.agent.id
      const workflow = await callRoute(workflowsRoute.POST, { body: { name: `${where} workflow`, workspaceId }, as: person })
      expect(workflow.status).toBe(201)
      names.workflow = workflow.body.workflow.id
    }
  })
  afterAll(async () => app?.close())

  async function factsOf(workspaceId?: string): Promise<ServerFactsResponse['facts']> {
    const answer = await callRoute(factsRoute.GET, { url: `http://localhost/api/server-facts${workspaceId ? `?workspaceId=${workspaceId}` : ''}`, as: person })
    expect(answer.status).toBe(200)
    return serverFactsResponseSchema.parse(answer.body).facts
  }

  it("lists only the named workspace's MCP servers, skills, agents and workflows", async () => {
    const facts = await factsOf(team)
    expect(facts.mcpServerIds).toEqual([made.team.server])
    expect(facts.skillIds).toContain(made.team.skill)
    expect(facts.skillIds).not.toContain(made.mine.skill)
    expect(facts.savedAgents.map((agent) => agent.id)).toEqual([made.team.agent])
    expect(facts.workflows.map((workflow) => workflow.id)).toEqual([made.team.workflow])

    // Without a workspace: everything the person sees, as before.
    const everything = await factsOf()
    expect(everything.mcpServerIds.sort()).toEqual([made.mine.server, made.team.server].sort())
    expect(everything.savedAgents.map((agent) => agent.id).sort()).toEqual([made.mine.agent, made.team.agent].sort())

    // A workspace the person is not in: nothing of it.
    const stranger = await app.addUser('member')
    const theirs = await callRoute(factsRoute.GET, { url: `http://localhost/api/server-facts?workspaceId=${team}`, as: stranger })
    expect(serverFactsResponseSchema.parse(theirs.body).facts).toMatchObject({ mcpServerIds: [], savedAgents: [], workflows: [] })
    expect((await callRoute(factsRoute.GET, { url: 'http://localhost/api/server-facts?workspaceId=not-a-uuid', as: person })).status).toBe(400)
  })

  it("names each reference to the personal workspace's things in a team workflow's problems", async () => {
    const document = graphBuilder()
      .start()
      .agent('writer', { mcpServerIds: [made.mine.server], skillIds: [made.mine.skill] })
      .node('saved', 'agent_ref', { agentId: made.mine.agent })
      .node('sub', 'sub_workflow', { workflowId: made.mine.workflow })
      .output()
      .chain('start', 'writer', 'saved', 'sub', 'output')
      .build()
    const inTeam = validate(document, { facts: await factsOf(team), workflowId: made.team.workflow })
    const named = inTeam.problems.map((problem) => [problem.code, problem.nodeId])
    expect(named).toEqual(
      expect.arrayContaining([
        ['unknown_mcp_server', 'writer'],
        ['unknown_skill', 'writer'],
        ['unknown_saved_agent', 'saved'],
        ['missing_sub_workflow', 'sub'],
      ]),
    )
    const messages = inTeam.problems.map((problem) => problem.message).join('\n')
    for (const name of [made.mine.server, made.mine.skill, made.mine.agent, made.mine.workflow]) expect(messages).toContain(`"${name}"`)

    // The same document in the personal workspace names nothing amiss.
    const inMine = validate(document, { facts: await factsOf(person.personalWorkspaceId), workflowId: made.mine.workflow })
    expect(inMine.problems.filter((problem) => problem.code.startsWith('unknown_') || problem.code === 'missing_sub_workflow')).toEqual([])
  })

  it("refuses a run of a team workflow whose sub-workflow is the person's own, naming it", async () => {
    const document = graphBuilder().start().node('sub', 'sub_workflow', { workflowId: made.mine.workflow }).output().chain('start', 'sub', 'output').build()
    // Such a save is refused (app/api/workflows/foreign-references.int.test.ts); one stored before saves were checked stays.
    const refused = await callRoute(workflowsRoute.POST, { body: { name: 'Team caller', graph: document, workspaceId: team }, as: person })
    expect(refused.status).toBe(422)
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'Team caller', workspaceId: team }, as: person })
    expect(workflow.status).toBe(201)
    await app.db.prisma.workflowVersion.updateMany({ where: { workflowId: workflow.body.workflow.id }, data: { graph: document as object } })
    const run = await callRoute(runsRoute.POST, { body: { workflowId: workflow.body.workflow.id, input: 'hi' }, as: person })
    expect(run).toMatchObject({ status: 400, body: { error: { code: 'invalid_graph' } } })
    expect(run.body.error.message).toContain(made.mine.workflow)

    // In the personal workspace, where the sub-workflow is, the same run is queued.
    const mine = await callRoute(workflowsRoute.POST, { body: { name: 'My caller', graph: document }, as: person })
    expect((await callRoute(runsRoute.POST, { body: { workflowId: mine.body.workflow.id, input: 'hi' }, as: person })).status).toBe(201)
  })
})
