/**
 * The two-users route table: every API route and method, called by the person who owns what it
 * touches, by another member, by an admin and without credentials. Who may call a route is its
 * declaration's `access` (defineRoute, read from the route files on disk through
 * lib/server/testing/route-inventory.ts); this file says only how to call it, so a route or method
 * added without an entry here fails the first test.
 *
 * HOW TO ADD AN ENTRY — the key is `'<METHOD> <pattern>'`, the pattern exactly as in app/
 * (`/api/runs/[id]/cancel`); the value says how to call it and what the route's access kind expects:
 *
 *   owned     a resource with an owner. `request(fx)` targets the OWNER's resource (create a fresh
 *             one with fx.* when the call uses it up). Owner and admin get `status`; another
 *             member gets 404 (existence is not revealed); no credentials: 401. `adminStatus`
 *             when an admin does not act on others' (their own account's API tokens).
 *   list      a list. Everyone signed in gets 200; `listed(body)` gives the ids in the answer, which
 *             contain `own(fx)` (one of the owner's items) for the owner and an admin, not for
 *             another member. No credentials: 401.
 *   create    creates something from another resource (e.g. a run of a workflow): the owner gets
 *             `status`, another member `otherStatus`. No credentials: 401.
 *   anyone    any signed-in person, acting on their own account or on nothing owned: every
 *             signed-in caller gets `status`. No credentials: 401.
 *   admin     admins only: an admin gets `status`, a member the 404 of an unknown API path.
 *   public    no credentials needed (health, share links, sign-in, one-time links): an anonymous
 *             call gets `status` (what the call means is covered by the route's own tests).
 *
 * `request(fx)` returns `{ params?, body?, query? }`; a body makes it a JSON request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { starterDocument } from '@/lib/graph'
import { AgentService } from '@/lib/server/agents/agent-service'
import { ConversationService } from '@/lib/server/conversations/conversation-service'
import { RunService } from '@/lib/server/runs/run-service'
import { ShareLinkService } from '@/lib/server/share/share-links'
import { createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import type { RouteAccess } from '@/lib/server/define-route'
import { HTTP_METHODS, listRouteFiles, loadRoutes, type RouteEntry } from '@/lib/server/testing/route-inventory'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'

interface Call {
  params?: Record<string, string>
  body?: unknown
  query?: string
}

/** The owner's resources, made by the owner (fresh ones for calls that use them up). */
interface Fixture {
  owner: TestUser
  workflowId: string
  agentId: string
  /** A fresh agent of the owner's (for calls that delete it). */
  agent(): Promise<string>
  conversationId: string
  /** A fresh conversation with the owner's agent. */
  conversation(): Promise<string>
  runId: string
  run(): Promise<string>
  approval(): Promise<string>
  shareLink(): Promise<{ id: string; token: string }>
  skill(): Promise<string>
  /** A fresh workflow of the owner's (for calls that delete it). */
  workflow(): Promise<string>
  mcpServer(): Promise<string>
  apiToken(): Promise<string>
}

type Request = (fx: Fixture) => Call | Promise<Call>
type Ids = (body: any) => string[]

/**
 * How to call a route, and what its access kind (the `access` of its defineRoute declaration) expects:
 * `status` for owned, create, anyone, admin and public; `adminStatus` (owned) when an admin does not act on
 * others'; `otherStatus` for create; `listed` and `own` for list.
 */
interface Expectation {
  request: Request
  status?: number
  adminStatus?: number
  otherStatus?: number
  listed?: Ids
  own?: (fx: Fixture) => string
}

const ids: (key: string, field?: string) => Ids =
  (key, field = 'id') =>
  (body) =>
    (body[key] as Record<string, string>[]).map((item) => item[field])

const ROUTES: Record<string, Expectation> = {
  // Workflows and their versions
  'GET /api/workflows': { request: () => ({}), listed: ids('workflows'), own: (fx) => fx.workflowId },
  'POST /api/workflows': { request: () => ({ body: { name: 'mine' } }), status: 201 },
  'GET /api/workflows/[id]': { request: (fx) => ({ params: { id: fx.workflowId } }), status: 200 },
  'PATCH /api/workflows/[id]': { request: (fx) => ({ params: { id: fx.workflowId }, body: { description: 'changed' } }), status: 200 },
  'DELETE /api/workflows/[id]': { request: async (fx) => ({ params: { id: await fx.workflow() }, query: 'runs=keep' }), status: 200 },
  'POST /api/workflows/[id]/duplicate': { request: (fx) => ({ params: { id: fx.workflowId }, body: {} }), status: 201 },
  'GET /api/workflows/[id]/versions': { request: (fx) => ({ params: { id: fx.workflowId } }), status: 200 },
  'POST /api/workflows/[id]/versions': {
    request: async (fx) => ({ params: { id: await fx.workflow() }, body: { graph: starterDocument(), baseVersion: 1 } }),
    status: 201,
  },
  'GET /api/workflows/[id]/versions/[version]': { request: (fx) => ({ params: { id: fx.workflowId, version: '1' } }), status: 200 },
  'POST /api/workflows/[id]/versions/[version]/restore': {
    request: (fx) => ({ params: { id: fx.workflowId, version: '1' }, body: {} }),
    status: 201,
  },

  // Runs
  'GET /api/agents': { request: () => ({}), listed: ids('agents'), own: (fx) => fx.agentId },
  'POST /api/agents': { request: () => ({ body: { name: 'mine' } }), status: 201 },
  'GET /api/agents/[id]': { request: (fx) => ({ params: { id: fx.agentId } }), status: 200 },
  'PATCH /api/agents/[id]': { request: (fx) => ({ params: { id: fx.agentId }, body: { description: 'changed' } }), status: 200 },
  'DELETE /api/agents/[id]': { request: async (fx) => ({ params: { id: await fx.agent() } }), status: 200 },
  'GET /api/agents/[id]/versions': { request: (fx) => ({ params: { id: fx.agentId } }), status: 200 },
  'POST /api/agents/[id]/versions': {
    request: async (fx) => ({ params: { id: await fx.agent() }, body: { definition: {}, note: 'again', baseVersion: 1 } }),
    status: 201,
  },
  'GET /api/agents/[id]/conversations': { request: (fx) => ({ params: { id: fx.agentId } }), status: 200 },
  'POST /api/agents/[id]/conversations': { request: (fx) => ({ params: { id: fx.agentId }, body: {} }), status: 201 },

  // Conversations
  'GET /api/conversations/[id]': { request: (fx) => ({ params: { id: fx.conversationId } }), status: 200 },
  'PATCH /api/conversations/[id]': { request: (fx) => ({ params: { id: fx.conversationId }, body: { title: 'renamed' } }), status: 200 },
  'DELETE /api/conversations/[id]': { request: async (fx) => ({ params: { id: await fx.conversation() } }), status: 204 },
  'GET /api/conversations/[id]/export': { request: (fx) => ({ params: { id: fx.conversationId } }), status: 200 },
  'GET /api/conversations/[id]/messages': { request: (fx) => ({ params: { id: fx.conversationId } }), status: 200 },
  'POST /api/conversations/[id]/messages': {
    request: async (fx) => ({ params: { id: await fx.conversation() }, body: { text: 'hi' } }),
    status: 202,
  },
  'GET /api/agents/[id]/versions/[version]': { request: (fx) => ({ params: { id: fx.agentId, version: '1' } }), status: 200 },
  'GET /api/file-roots': { request: () => ({}), status: 200 },
  'GET /api/runs': { request: () => ({}), listed: ids('runs'), own: (fx) => fx.runId },
  'POST /api/runs': { request: (fx) => ({ body: { workflowId: fx.workflowId, input: 'hi' } }), status: 201, otherStatus: 404 },
  'GET /api/runs/[id]': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  // A workflow has no conversation to continue: 400 shows the owner got past the model's 404.
  'POST /v1/responses': {
    request: (fx) => ({ body: { model: `workflow:${fx.workflowId}`, input: 'hi', conversation: 'none' } }),
    status: 400,
  },
  'POST /api/runs/[id]/cancel': { request: async (fx) => ({ params: { id: await fx.run() } }), status: 200 },
  // The owned run's workflow has no agent node: 400 shows the owner got past the 404.
  'POST /api/runs/[id]/continue-in-chat': { request: (fx) => ({ params: { id: fx.runId }, body: { nodeId: 'output' } }), status: 400 },
  'GET /api/runs/[id]/events': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  // The run is queued, so there is no task to cancel: 409 shows the owner got past the 404.
  'POST /api/runs/[id]/mcp-tasks/cancel': {
    request: (fx) => ({ params: { id: fx.runId }, body: { serverId: 's', taskId: 't' } }),
    status: 409,
  },
  'GET /api/runs/[id]/share-links': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  'POST /api/runs/[id]/share-links': { request: (fx) => ({ params: { id: fx.runId }, body: {} }), status: 201 },

  // Share links
  'DELETE /api/share-links/[id]': { request: async (fx) => ({ params: { id: (await fx.shareLink()).id } }), status: 200 },
  'GET /api/share/[token]': { request: async (fx) => ({ params: { token: (await fx.shareLink()).token } }), status: 200 },

  // Approvals
  'GET /api/approvals': { request: () => ({}), listed: ids('approvals'), own: () => ownApprovalId },
  'GET /api/approvals/[id]': { request: async (fx) => ({ params: { id: await fx.approval() } }), status: 200 },
  'GET /api/approvals/events': { request: () => ({}), status: 200 },
  'POST /api/approvals/[id]': { request: async (fx) => ({ params: { id: await fx.approval() }, body: { decision: 'deny' } }), status: 200 },

  // Skills (stored skills have owners; file skills are the installation's)
  'GET /api/skills': { request: () => ({}), listed: ids('skills', 'name'), own: () => ownSkillName },
  'POST /api/skills': { request: () => ({ body: { content: skillMarkdown(uniqueName('new-skill')) } }), status: 201 },
  'POST /api/skill-checks': { request: () => ({ body: { content: skillMarkdown(uniqueName('checked-skill')) } }), status: 200 },
  'GET /api/skills/[name]': { request: async (fx) => ({ params: { name: await fx.skill() } }), status: 200 },
  'PATCH /api/skills/[name]': {
    request: async (fx) => ({ params: { name: await fx.skill() }, body: { resources: [], baseVersion: 1 } }),
    status: 200,
  },
  'DELETE /api/skills/[name]': { request: async (fx) => ({ params: { name: await fx.skill() } }), status: 200 },
  'GET /api/function-tools': { request: () => ({}), status: 200 },
  'GET /api/server-facts': {
    request: () => ({}),
    listed: (body) => (body.facts.workflows as Array<{ id: string }>).map((workflow) => workflow.id),
    own: (fx) => fx.workflowId,
  },

  // MCP servers (lib/server/mcp)
  'GET /api/mcp-servers': { request: () => ({}), listed: ids('servers'), own: () => ownServerId },
  'POST /api/mcp-servers': { request: () => ({ body: httpServer(uniqueName('srv')) }), status: 201 },
  'GET /api/mcp-servers/[id]': { request: async (fx) => ({ params: { id: await fx.mcpServer() } }), status: 200 },
  'PATCH /api/mcp-servers/[id]': {
    request: async (fx) => ({ params: { id: await fx.mcpServer() }, body: { description: 'changed', baseVersion: 1 } }),
    status: 200,
  },
  'DELETE /api/mcp-servers/[id]': { request: async (fx) => ({ params: { id: await fx.mcpServer() } }), status: 200 },
  // Nothing listens on the URL: a failed connection is still a 200 for who may test it.
  'POST /api/mcp-servers/[id]/test': { request: async (fx) => ({ params: { id: await fx.mcpServer() } }), status: 200 },
  'POST /api/mcp-servers/import': { request: () => ({ body: {} }), status: 400 },

  // The caller's own account (lib/server/auth)
  'GET /api/me': { request: () => ({}), status: 200 },
  'POST /api/me/password': { request: () => ({ body: { currentPassword: 'wrong-password', newPassword: 'short' } }), status: 400 },
  'GET /api/me/tokens': { request: () => ({}), status: 200 },
  'POST /api/me/tokens': { request: () => ({ body: { name: 'laptop' } }), status: 201 },
  'DELETE /api/me/tokens/[id]': { request: async (fx) => ({ params: { id: await fx.apiToken() } }), status: 204, adminStatus: 404 },

  // Administration: members get the 404 of an unknown path
  'GET /api/admin/users': { request: () => ({}), status: 200 },
  'PATCH /api/admin/users/[id]': { request: () => ({ params: { id: UNKNOWN_UUID }, body: {} }), status: 400 },
  'POST /api/admin/users/[id]/password-reset': { request: () => ({ params: { id: UNKNOWN_UUID } }), status: 404 },
  'POST /api/admin/invitations': { request: () => ({ body: {} }), status: 400 },
  'GET /api/admin/audit-log': { request: () => ({}), status: 200 },

  // Public
  'GET /api/health': { request: () => ({}), status: 200 },
  'GET /api/openapi.json': { request: () => ({}), status: 200 },
  'GET /api/auth/[...all]': { request: () => ({ params: { all: 'get-session' } }), status: 200 },
  'POST /api/auth/[...all]': { request: () => ({ params: { all: 'sign-in/email' }, body: {} }), status: 400 },
  'POST /api/setup': { request: () => ({ body: {} }), status: 400 },
  'GET /api/invitations/[token]': { request: () => ({ params: { token: 'not-a-token' } }), status: 404 },
  'POST /api/invitations/[token]': { request: () => ({ params: { token: 'not-a-token' }, body: {} }), status: 400 },
  'POST /api/password-resets/[token]': { request: () => ({ params: { token: 'not-a-token' }, body: {} }), status: 400 },
  // Unknown API paths: the same JSON 404 for everyone.
  'GET /api/[...path]': { request: () => ({ params: { path: 'nothing' } }), status: 404 },
  'POST /api/[...path]': { request: () => ({ params: { path: 'nothing' }, body: {} }), status: 404 },
  'PUT /api/[...path]': { request: () => ({ params: { path: 'nothing' }, body: {} }), status: 404 },
  'PATCH /api/[...path]': { request: () => ({ params: { path: 'nothing' }, body: {} }), status: 404 },
  'DELETE /api/[...path]': { request: () => ({ params: { path: 'nothing' } }), status: 404 },
  'OPTIONS /api/[...path]': { request: () => ({ params: { path: 'nothing' } }), status: 404 },
  // The MCP endpoint: API tokens only; each person sees only their own tools and tasks (lib/server/mcp-endpoint/mcp-endpoint.int.test.ts).
  // Without an MCP client's Accept header a POST is refused (406); it is stateless, so GET and DELETE are 405.
  'POST /mcp': { request: () => ({ body: { jsonrpc: '2.0', id: 1, method: 'ping' } }), status: 406 },
  'GET /mcp': { request: () => ({}), status: 405 },
  'DELETE /mcp': { request: () => ({}), status: 405 },
}

let counter = 0
const uniqueName = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`
const skillMarkdown = (name: string) => `---\nname: ${name}\ndescription: A skill of the ownership test.\n---\n\nDo the thing.\n`
const httpServer = (id: string) => ({ id, name: id, transport: 'http', config: { url: 'http://127.0.0.1:9/mcp' } })

let ownApprovalId = ''
let ownSkillName = ''
let ownServerId = ''

/** Each route's access kind, as its declaration says; loaded before the tests are collected, which group by it. */
const DECLARED = await loadRoutes()
function accessOf(key: string): RouteAccess | undefined {
  const [method, pattern] = key.split(' ')
  return DECLARED.find((route) => route.pattern === pattern)?.declarations[method as keyof RouteEntry['declarations']]?.access
}

const routeKeys = () => listRouteFiles().flatMap(({ pattern }) => HTTP_METHODS.map((method) => `${method} ${pattern}`))

describe('who may call each API route (two users)', () => {
  let app: TestApp
  let routes: RouteEntry[]
  let owner: TestUser
  let other: TestUser
  let fx: Fixture

  /** Calls a route handler as `as` (null: no credentials); an event stream is opened and closed at once. */
  async function send(key: string, call: Call, as: TestUser | null): Promise<{ status: number; body: any; headers: Headers }> {
    const [method, pattern] = key.split(' ')
    const handler = routes.find((route) => route.pattern === pattern)?.handlers[method as keyof RouteEntry['handlers']]
    if (!handler) throw new Error(`No handler for ${key}`)
    const path = pattern.replace(/\[(\.\.\.)?(\w+)\]/g, (_, catchAll: string | undefined, name: string) => {
      const value = call.params?.[name] ?? name
      return catchAll ? value : encodeURIComponent(value)
    })
    const aborter = new AbortController()
    const request = new Request(`http://localhost${path}${call.query ? `?${call.query}` : ''}`, {
      method,
      signal: aborter.signal,
      headers: { ...(call.body === undefined ? {} : { 'content-type': 'application/json' }), ...(as ? { authorization: `Bearer ${as.token}` } : {}) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    })
    const params = Object.fromEntries(
      Object.entries(call.params ?? {}).map(([name, value]) => [name, name === 'path' || name === 'all' ? value.split('/') : value]),
    )
    const response = await handler(request, { params: Promise.resolve(params) })
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      aborter.abort()
      await response.body?.cancel()
      return { status: response.status, body: undefined, headers: response.headers }
    }
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
  }

  beforeAll(async () => {
    app = await createTestApp()
    routes = DECLARED
    owner = await app.addUser('member')
    other = await app.addUser('member')
    const as = principalOf(owner)
    const runs = new RunService(app)
    const workflowId = (await new WorkflowService(app.db.prisma).create(as, { name: 'owned' })).workflow.id
    const agents = new AgentService(app.db.prisma, app.secrets)
    const agent = async () => (await agents.create(as, { name: 'owned agent' })).agent.id
    const agentId = await agent()
    const conversations = new ConversationService(app)
    const conversation = async () => (await conversations.create(as, agentId, { title: 'owned conversation' })).id
    const conversationId = await conversation()
    const run = async () => (await runs.create(as, { workflowId, input: 'hi' })).id
    const runId = await run()
    const approval = async () =>
      (
        await app.db.prisma.approvalRequest.create({
          data: {
            runId,
            ownerId: owner.id,
            workspaceId: owner.personalWorkspaceId,
            kind: 'human_input',
            source: 'test',
            title: 'Go on?',
            payload: {},
            expiresAt: new Date(Date.now() + 3_600_000),
          },
        })
      ).id
    fx = {
      owner,
      workflowId,
      agentId,
      agent,
      conversationId,
      conversation,
      runId,
      run,
      approval,
      shareLink: async () => {
        const { shareLink, token } = await new ShareLinkService(app).create(as, runId, {})
        return { id: shareLink.id, token }
      },
      skill: async () => {
        const created = await send('POST /api/skills', { body: { content: skillMarkdown(uniqueName('skill')) } }, owner)
        expect(created.status).toBe(201)
        return created.body.skill.name as string
      },
      mcpServer: async () => {
        const created = await send('POST /api/mcp-servers', { body: httpServer(uniqueName('srv')) }, owner)
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        return created.body.server.id as string
      },
      apiToken: async () => (await app.apiTokens.create(owner.id, 'spare')).apiToken.id,
      workflow: async () => (await new WorkflowService(app.db.prisma).create(as, { name: uniqueName('doomed') })).workflow.id,
    }
    ownApprovalId = await approval()
    ownSkillName = await fx.skill()
    ownServerId = await fx.mcpServer()
  })
  afterAll(async () => app?.close())

  it('has an entry for every route and method on disk, and none for routes that are gone', () => {
    const onDisk = routeKeys().filter((key) => {
      const [method, pattern] = key.split(' ')
      return routes.find((route) => route.pattern === pattern)?.handlers[method as keyof RouteEntry['handlers']]
    })
    expect(
      onDisk.filter((key) => !(key in ROUTES)),
      'routes without an entry in ROUTES',
    ).toEqual([])
    expect(
      Object.keys(ROUTES).filter((key) => !onDisk.includes(key)),
      'entries for routes that do not exist',
    ).toEqual([])
  })

  describe.each(Object.entries(ROUTES))('%s', (key, expectation) => {
    const access = accessOf(key)
    // An entry for a route that does not exist: the first test names it.
    if (!access) return
    if (access === 'public') {
      const { request, status } = expectation
      it(`answers ${status} without credentials`, async () => {
        const response = await send(key, await request(fx), null)
        expect(response.status, JSON.stringify(response.body)).toBe(status)
      })
      return
    }

    it('answers 401 JSON without credentials', async () => {
      const response = await send(key, await expectation.request(fx), null)
      expect(response.status).toBe(401)
      expect(response.body.error.code).toBe('unauthenticated')
    })

    switch (access) {
      case 'owned':
        it(`answers another member 404, the owner ${expectation.status}`, async () => {
          const asOther = await send(key, await expectation.request(fx), other)
          expect(asOther.status, JSON.stringify(asOther.body)).toBe(404)
          expect(asOther.body.error.code).toBe('not_found')
          const asOwner = await send(key, await expectation.request(fx), owner)
          expect(asOwner.status, JSON.stringify(asOwner.body)).toBe(expectation.status)
          const asAdmin = await send(key, await expectation.request(fx), app.admin)
          expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(expectation.adminStatus ?? expectation.status)
        })
        break
      case 'list':
        it("lists the owner's item for the owner and an admin, not for another member", async () => {
          const listedFor = async (as: TestUser) => {
            const response = await send(key, await expectation.request(fx), as)
            expect(response.status, JSON.stringify(response.body)).toBe(200)
            return expectation.listed!(response.body)
          }
          const own = expectation.own!(fx)
          expect(await listedFor(owner)).toContain(own)
          expect(await listedFor(app.admin)).toContain(own)
          expect(await listedFor(other)).not.toContain(own)
        })
        break
      case 'create':
        it(`answers the owner ${expectation.status} and another member ${expectation.otherStatus}`, async () => {
          expect((await send(key, await expectation.request(fx), other)).status).toBe(expectation.otherStatus)
          expect((await send(key, await expectation.request(fx), owner)).status).toBe(expectation.status)
        })
        break
      case 'anyone':
        it(`answers every signed-in person ${expectation.status}`, async () => {
          for (const as of [owner, other, app.admin]) {
            const response = await send(key, await expectation.request(fx), as)
            expect(response.status, JSON.stringify(response.body)).toBe(expectation.status)
          }
        })
        break
      case 'admin':
        it(`answers an admin ${expectation.status} and a member 404`, async () => {
          expect((await send(key, await expectation.request(fx), owner)).status).toBe(404)
          const asAdmin = await send(key, await expectation.request(fx), app.admin)
          expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(expectation.status)
        })
        break
    }
  })
})
