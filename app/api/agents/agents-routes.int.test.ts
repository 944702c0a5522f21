/**
 * The agents API as the browser uses it: route handlers called as Next calls them, on a real test
 * database. Agents are owned (another member gets the 404 of a missing id), versions are numbered
 * and immutable, definitions are lib/graph's agent settings with their defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentListResponseSchema } from '@/lib/contracts/agents'
import { workflowListResponseSchema } from '@/lib/contracts/workflows'
import { AgentService, loadAgentVersion } from '@/lib/server/agents/agent-service'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as agentRoute from './[id]/route'
import * as versionRoute from './[id]/versions/[version]/route'
import * as versionsRoute from './[id]/versions/route'
import * as agentsRoute from './route'
import * as workflowRoute from '../workflows/[id]/route'
import * as workflowsRoute from '../workflows/route'

describe('agents API', () => {
  let app: TestApp
  let member: TestUser
  let other: TestUser
  beforeAll(async () => {
    app = await createTestApp()
    member = await app.addUser('member')
    other = await app.addUser('member')
  })
  afterAll(async () => app?.close())

  it('creates an agent with its first version, lists it, saves versions with notes and reads them back', async () => {
    const created = await callRoute(agentsRoute.POST, {
      as: member,
      body: { name: 'Researcher', description: 'Finds things', definition: { instructions: 'Cite sources.', functionTools: ['get_time'] }, note: 'first cut' },
    })
    expect(created.status).toBe(201)
    const id = created.body.agent.id as string
    expect(created.body.version).toMatchObject({
      version: 1,
      note: 'first cut',
      definition: { name: 'Researcher', instructions: 'Cite sources.', functionTools: ['get_time'], mcpServerIds: [], model: { provider: 'default' } },
    })

    const listed = await callRoute(agentsRoute.GET, { as: member })
    expect(listed.body.agents).toEqual([expect.objectContaining({ id, name: 'Researcher', description: 'Finds things', latestVersion: 1 })])

    const second = await callRoute(versionsRoute.POST, {
      as: member,
      params: { id },
      body: { definition: { ...created.body.version.definition, instructions: 'Cite two sources.' }, note: 'stricter', baseVersion: 1 },
    })
    expect(second).toMatchObject({ status: 201, body: { version: { version: 2, note: 'stricter', definition: { instructions: 'Cite two sources.' } } } })

    const shown = await callRoute(agentRoute.GET, { as: member, params: { id } })
    expect(shown.body).toMatchObject({ agent: { id, name: 'Researcher' }, latestVersion: { version: 2 } })
    const versions = await callRoute(versionsRoute.GET, { as: member, params: { id } })
    expect(versions.body.versions.map((v: { version: number; note: string }) => [v.version, v.note])).toEqual([
      [2, 'stricter'],
      [1, 'first cut'],
    ])
    const first = await callRoute(versionRoute.GET, { as: member, params: { id, version: '1' } })
    expect(first.body.version).toMatchObject({ version: 1, definition: { instructions: 'Cite sources.' } })
    expect((await callRoute(versionRoute.GET, { as: member, params: { id, version: '3' } })).status).toBe(404)

    const renamed = await callRoute(agentRoute.PATCH, { as: member, params: { id }, body: { name: 'Scholar', description: 'Reads papers' } })
    expect(renamed).toMatchObject({ status: 200, body: { agent: { name: 'Scholar', description: 'Reads papers' } } })

    const latest = await loadAgentVersion(app, id, 'latest', { workspaceId: member.personalWorkspaceId })
    expect(latest).toMatchObject({ agentId: id, agentName: 'Scholar', version: 2, definition: { instructions: 'Cite two sources.' } })
    expect(await loadAgentVersion(app, id, 1, { workspaceId: member.personalWorkspaceId })).toMatchObject({ version: 1 })
    expect(await loadAgentVersion(app, id, 'latest', { workspaceId: other.personalWorkspaceId })).toBeUndefined()
    expect(await loadAgentVersion(app, id, 'latest', {})).toMatchObject({ version: 2 })

    const deleted = await callRoute(agentRoute.DELETE, { as: member, params: { id } })
    expect(deleted).toMatchObject({ status: 200, body: { deleted: { id } } })
    expect((await callRoute(agentRoute.GET, { as: member, params: { id } })).status).toBe(404)
    expect(await app.db.prisma.agentVersion.count({ where: { agentId: id } })).toBe(0)
  })

  it('lists the tool each agent is offered as at /mcp, as the workflows list does', async () => {
    const offered = (await callRoute(agentsRoute.POST, { as: member, body: { name: 'Offered helper' } })).body.agent.id as string
    const quiet = (await callRoute(agentsRoute.POST, { as: member, body: { name: 'Quiet helper' } })).body.agent.id as string
    const patched = await callRoute(agentRoute.PATCH, {
      as: member,
      method: 'PATCH',
      params: { id: offered },
      body: { mcpTool: { offered: true, name: 'offered_helper' } },
    })
    expect(patched.status).toBe(200)
    const agents = agentListResponseSchema.parse((await callRoute(agentsRoute.GET, { as: member })).body).agents
    expect(agents.find((agent) => agent.id === offered)?.mcpTool).toEqual({ name: 'offered_helper' })
    expect(agents.find((agent) => agent.id === quiet)?.mcpTool).toBeNull()

    const workflow = (await callRoute(workflowsRoute.POST, { as: member, body: { name: 'Offered flow' } })).body.workflow.id as string
    await callRoute(workflowRoute.PATCH, { as: member, method: 'PATCH', params: { id: workflow }, body: { mcpTool: { offered: true } } })
    const workflows = workflowListResponseSchema.parse((await callRoute(workflowsRoute.GET, { as: member })).body).workflows
    expect(workflows.find((row) => row.id === workflow)?.mcpTool).toEqual({ name: 'offered_flow' })
  })

  it('fills a new agent with the defaults and names it after the agent', async () => {
    const created = await callRoute(agentsRoute.POST, { as: member, body: { name: 'Plain' } })
    expect(created.status).toBe(201)
    expect(created.body.version).toMatchObject({ version: 1, note: '', definition: { name: 'Plain', instructions: '', toolApprovalMode: 'default' } })
  })

  it('answers bad input with 400 and the error shape, never 500', async () => {
    const noName = await callRoute(agentsRoute.POST, { as: member, body: { name: '  ' } })
    expect(noName).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: expect.any(String) } } })
    expect(noName.body.error.details).toBeDefined()

    const badSettings = await callRoute(agentsRoute.POST, { as: member, body: { name: 'x', definition: { model: { provider: 'nobody', temperature: 9 } } } })
    expect(badSettings).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } })

    const unusable = await callRoute(agentsRoute.POST, {
      as: member,
      body: { name: 'x', definition: { structuredOutput: { mode: 'json_schema', schema: '{ nope' } } },
    })
    expect(unusable).toMatchObject({ status: 400, body: { error: { code: 'invalid_agent', message: expect.stringContaining('not valid JSON') } } })

    const nul = await callRoute(agentsRoute.POST, { as: member, body: { name: 'x', definition: { instructions: 'a\u0000b' } } })
    expect(nul.status).toBe(400)
    expect(await callRoute(agentsRoute.POST, { as: member, rawBody: '{"name":' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } })

    const { body } = await callRoute(agentsRoute.POST, { as: member, body: { name: 'Target' } })
    const id = body.agent.id as string
    expect((await callRoute(agentRoute.PATCH, { as: member, params: { id }, body: {} })).status).toBe(400)
    expect((await callRoute(versionsRoute.POST, { as: member, params: { id }, body: { note: 'no definition' } })).status).toBe(400)
    expect((await callRoute(versionRoute.GET, { as: member, params: { id, version: 'latest' } })).status).toBe(400)
    expect((await callRoute(versionRoute.GET, { as: member, params: { id, version: '2147483648' } })).status).toBe(400)
  })

  it("answers another member with the 404 of a missing agent, and lists only the caller's agents", async () => {
    const { body } = await callRoute(agentsRoute.POST, { as: member, body: { name: 'Private' } })
    const id = body.agent.id as string
    const missing = await callRoute(agentRoute.GET, { as: member, params: { id: '00000000-0000-4000-8000-000000000000' } })
    expect(missing.status).toBe(404)
    const notFound = { status: 404, body: { error: { code: 'not_found', message: `Agent '${id}' not found.` } } }
    expect(await callRoute(agentRoute.GET, { as: other, params: { id } })).toMatchObject(notFound)
    expect(await callRoute(agentRoute.PATCH, { as: other, params: { id }, body: { name: 'Mine' } })).toMatchObject(notFound)
    expect(await callRoute(agentRoute.DELETE, { as: other, params: { id } })).toMatchObject(notFound)
    expect(await callRoute(versionsRoute.GET, { as: other, params: { id } })).toMatchObject(notFound)
    expect(await callRoute(versionsRoute.POST, { as: other, params: { id }, body: { definition: {} } })).toMatchObject(notFound)
    expect((await callRoute(versionRoute.GET, { as: other, params: { id, version: '1' } })).status).toBe(404)
    expect((await callRoute(agentsRoute.GET, { as: other })).body.agents).toEqual([])
    // Admins see everything.
    expect((await callRoute(agentRoute.GET, { params: { id } })).status).toBe(200)
  })

  it('asks for sign-in (401) without credentials', async () => {
    expect((await callRoute(agentsRoute.GET, { as: null })).status).toBe(401)
    expect((await callRoute(agentsRoute.POST, { as: null, body: { name: 'x' } })).status).toBe(401)
    expect((await callRoute(agentRoute.GET, { as: null, params: { id: 'x' } })).status).toBe(401)
  })

  it('deletes an agent once when ten deletes race: one 200, the others 404, never a 500', async () => {
    const created = await callRoute(agentsRoute.POST, { as: member, body: { name: 'Short-lived' } })
    const id = created.body.agent.id as string
    const answers = await Promise.all(Array.from({ length: 10 }, () => callRoute(agentRoute.DELETE, { as: member, params: { id } })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(404)])
    for (const answer of answers.filter((each) => each.status === 404)) expect(answer.body.error.code).toBe('not_found')
    // The service's own race: every delete finds the agent before any removes it.
    const again = (await callRoute(agentsRoute.POST, { as: member, body: { name: 'Short-lived too' } })).body.agent.id as string
    const service = new AgentService(app.db.prisma, app.secrets)
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => service.delete(principalOf(member), again)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'not_found' })
  })

  it('refuses the second of two saves from the same version (409 with the newer version), keeps both, and takes If-Match', async () => {
    const { body } = await callRoute(agentsRoute.POST, { as: member, body: { name: 'Shared', definition: { instructions: 'v1' } } })
    const id = body.agent.id as string
    const definition = body.version.definition
    const read = await callRoute(agentRoute.GET, { as: member, params: { id } })
    expect(read.headers.get('etag')).toBe('"1"')

    const first = await callRoute(versionsRoute.POST, {
      as: member,
      params: { id },
      body: { definition: { ...definition, instructions: 'first' }, baseVersion: 1 },
    })
    expect(first.status).toBe(201)
    const second = await callRoute(versionsRoute.POST, {
      as: member,
      params: { id },
      body: { definition: { ...definition, instructions: 'second' } },
      headers: { 'if-match': read.headers.get('etag')! },
    })
    expect(second).toMatchObject({
      status: 409,
      body: { error: { code: 'stale_version', details: { current: { version: 2, etag: '"2"', savedBy: { id: member.id } } } } },
    })
    const missing = await callRoute(versionsRoute.POST, { as: member, params: { id }, body: { definition } })
    expect(missing).toMatchObject({ status: 428, body: { error: { code: 'base_version_required' } } })

    const kept = await callRoute(versionsRoute.POST, {
      as: member,
      params: { id },
      body: { definition: { ...definition, instructions: 'second' }, baseVersion: 2 },
    })
    expect(kept).toMatchObject({ status: 201, body: { version: { version: 3 } } })
    const versions = await callRoute(versionsRoute.GET, { as: member, params: { id } })
    expect(versions.body.versions.map((v: { version: number; definition: { instructions: string } }) => [v.version, v.definition.instructions])).toEqual([
      [3, 'second'],
      [2, 'first'],
      [1, 'v1'],
    ])
  })
})
