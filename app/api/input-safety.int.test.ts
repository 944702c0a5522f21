/**
 * Input Postgres cannot store — NUL characters, unpaired UTF-16 surrogates, integers past int4 —
 * is refused at the boundary with a 400 naming the field, never passed on to become a 500.
 * Route handlers are called exactly as Next calls them, on a real test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_MCP_SERVER_ID } from '@/lib/graph'
import { EXAMPLE_WORKFLOW_ID } from '@/lib/server/seed'
import { callRoute, createTestApp } from '@/lib/server/testing/test-app'
import * as approvalRoute from './approvals/[id]/route'
import * as serverRoute from './mcp-servers/[id]/route'
import * as importRoute from './mcp-servers/import/route'
import * as serversRoute from './mcp-servers/route'
import * as eventsRoute from './runs/[id]/events/route'
import * as runsRoute from './runs/route'
import * as skillRoute from './skills/[name]/route'
import * as skillsRoute from './skills/route'
import * as workflowRoute from './workflows/[id]/route'
import * as versionRoute from './workflows/[id]/versions/[version]/route'
import * as workflowsRoute from './workflows/route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchServer = atCurrentVersion(serverRoute)

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchSkill = atCurrentVersion(skillRoute)

const NUL = 'before\u0000after'
const LONE_SURROGATE = 'smile \ud83d'
const UNSAFE = [NUL, LONE_SURROGATE]
const BEYOND_INT4 = 2 ** 31
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'

const SKILL = (description: string) => `---\nname: safe-skill\ndescription: ${description}\n---\n\nBody.\n`

/** A 400 with a validation error that names `path` among its issues. */
function expectRejected(response: { status: number; body: any }, path?: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  // Unstorable text is refused centrally (`invalid_text`) before a contract sees it; other rules by the contract.
  expect(['invalid_text', 'invalid_request']).toContain(response.body.error.code)
  if (path !== undefined) expect(response.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path)
}

describe('input Postgres cannot store is a 400, never a 500', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  it.each(UNSAFE)('workflow name and description: %j', async (text) => {
    expectRejected(await callRoute(workflowsRoute.POST, { body: { name: text } }), 'name')
    expectRejected(await callRoute(workflowsRoute.POST, { body: { name: 'ok', description: text } }), 'description')
    expectRejected(await callRoute(workflowRoute.PATCH, { params: { id: EXAMPLE_WORKFLOW_ID }, body: { name: text } }), 'name')
    expectRejected(await callRoute(workflowRoute.PATCH, { params: { id: EXAMPLE_WORKFLOW_ID }, body: { description: text } }), 'description')
    expectRejected(await callRoute(workflowRoute.GET, { params: { id: text } }), 'id')
  })

  it('workflow version numbers past int4', async () => {
    expectRejected(await callRoute(versionRoute.GET, { params: { id: EXAMPLE_WORKFLOW_ID, version: '1099511627776' } }), 'version')
    expectRejected(await callRoute(versionRoute.GET, { params: { id: EXAMPLE_WORKFLOW_ID, version: String(BEYOND_INT4) } }), 'version')
    expect((await callRoute(versionRoute.GET, { params: { id: EXAMPLE_WORKFLOW_ID, version: '2147483647' } })).status).toBe(404)
  })

  it.each(UNSAFE)('run input: %j', async (text) => {
    expectRejected(await callRoute(runsRoute.POST, { body: { workflowId: EXAMPLE_WORKFLOW_ID, input: text } }), 'input')
    expectRejected(await callRoute(runsRoute.POST, { body: { workflowId: text, input: 'x' } }), 'workflowId')
  })

  it('run versions and event positions past int4', async () => {
    expectRejected(await callRoute(runsRoute.POST, { body: { workflowId: EXAMPLE_WORKFLOW_ID, version: 2 ** 40, input: 'x' } }), 'version')
    expectRejected(await callRoute(runsRoute.POST, { body: { workflowId: EXAMPLE_WORKFLOW_ID, version: BEYOND_INT4, input: 'x' } }), 'version')
    const url = `http://localhost/api/runs/${UNKNOWN_UUID}/events?after=${BEYOND_INT4}`
    expectRejected(await callRoute(eventsRoute.GET, { url, params: { id: UNKNOWN_UUID } }), 'after')
    // In range, the same request gets as far as looking the run up.
    const inRange = await callRoute(eventsRoute.GET, { url: `http://localhost/api/runs/${UNKNOWN_UUID}/events?after=2147483647`, params: { id: UNKNOWN_UUID } })
    expect(inRange.status).toBe(404)
  })

  it.each(UNSAFE)('SKILL.md and resource content: %j', async (text) => {
    expectRejected(await callRoute(skillsRoute.POST, { body: { content: SKILL(text) } }), 'content')
    expectRejected(
      await callRoute(skillsRoute.POST, { body: { content: SKILL('fine'), resources: [{ name: 'notes.md', content: text }] } }),
      'resources.0.content',
    )
    expectRejected(await callRoute(patchSkill, { params: { name: 'safe-skill' }, body: { content: SKILL(text) } }), 'content')
    expectRejected(await callRoute(skillRoute.GET, { params: { name: text } }), 'name')
  })

  it.each(UNSAFE)('MCP server name and description, directly and from a manifest: %j', async (text) => {
    const server = { id: 'safe-server', transport: 'http', config: { url: 'https://tools.example.com/mcp' } }
    expectRejected(await callRoute(serversRoute.POST, { body: { ...server, name: text } }), 'name')
    expectRejected(await callRoute(serversRoute.POST, { body: { ...server, name: 'ok', description: text } }), 'description')
    expectRejected(await callRoute(patchServer, { params: { id: EXAMPLE_MCP_SERVER_ID }, body: { name: text } }), 'name')
    expectRejected(await callRoute(patchServer, { params: { id: EXAMPLE_MCP_SERVER_ID }, body: { description: text } }), 'description')
    const manifest = { mcpServers: [{ mcpServerName: text, mcpServerUniqueName: 'safe_tools', url: 'https://tools.example.com/mcp', description: text }] }
    const imported = await callRoute(importRoute.POST, { body: { manifest } })
    expect(imported.status, JSON.stringify(imported.body)).toBe(400)
    expect(imported.body.error).toMatchObject({ code: 'invalid_text', details: { issues: [{ path: 'manifest.mcpServers.0.mcpServerName' }] } })
    expect(await app.db.prisma.mcpServer.findFirst({ where: { id: 'safe_tools' } })).toBeNull()
  })

  it.each(UNSAFE)('approval answers: %j', async (text) => {
    const approval = await app.db.prisma.approvalRequest.create({
      data: { kind: 'human_input', source: 'test', title: 'Tell me', payload: {}, expiresAt: new Date(Date.now() + 3_600_000) },
    })
    const answer = (body: unknown) => callRoute(approvalRoute.POST, { params: { id: approval.id }, body })
    expectRejected(await answer({ decision: 'approve', content: { text } }), 'content.text')
    expectRejected(await answer({ decision: 'approve', content: { form: { fields: [{ value: text }] } } }), 'content.form.fields.0.value')
    expectRejected(await answer({ decision: 'approve', content: { [text]: 'key' } }), 'content')
    expectRejected(await answer({ decision: 'deny', reason: text }), 'reason')
    // Nothing was decided by the refused answers: a clean one still goes through.
    expect((await answer({ decision: 'approve', content: { text: 'fine 😀' } })).status).toBe(200)
  })
})
