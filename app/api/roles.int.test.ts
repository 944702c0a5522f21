/**
 * The roles table (issue #30): every API route and method, called by each member of a team workspace — its owner
 * (who made what the route touches), an editor, a runner, an approver (a viewer with the approver flag) and a viewer —
 * by a member of another workspace, by an admin and without credentials. Who may call a route is its declaration
 * (defineRoute's `access` and `workspace: { resource, role }`, read from the route files on disk through
 * lib/server/testing/route-inventory.ts); this file says only how to call it, so a route or method added without an
 * entry here fails the first test.
 *
 * What each caller gets follows from the declaration:
 *   owned     on the owner's resource in the team workspace: a member whose role is at least the declared one gets
 *             `status`; a member with less gets 403 `forbidden` naming the role; a non-member 404 (existence is not
 *             revealed); an admin `status` (`adminStatus` when an admin does not act on others', e.g. API tokens);
 *             no credentials 401. Role `approver`: approvers and owners (and the run's starter) get `status`, other
 *             members do not see it (404). Without a declared role: the owner and an admin only, others 404.
 *   list      everyone signed in gets 200; `listed(body)` gives the ids, which contain `own(fx)` for those the declared
 *             role allows (every member without one) and an admin, never for a non-member.
 *   create    makes something from a resource (a run of a workflow): the declared role gets `status`, less 403,
 *             a non-member 404.
 *   anyone    with a declared role: makes something in the team workspace (`workspaceId` in the call) — the role
 *             gets `status`, less 403, a non-member 404 (the workspace is not theirs to see). Without: every
 *             signed-in caller gets `status`.
 *   admin     admins only: an admin gets `status`, a member the 404 of an unknown API path.
 *   public    no credentials needed: an anonymous call gets `status`.
 *
 * `roleChecked: 'before_role'`: the call stops at an input check that comes before the role check (every member
 * who sees the resource gets `status`); the entry says why.
 *
 * `request(fx)` returns `{ params?, body?, query? }`; a body makes it a JSON request.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roleAtLeast, type WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { starterDocument } from '@/lib/graph'
import { AgentService } from '@/lib/server/agents/agent-service'
import type { Principal } from '@/lib/server/auth/principal'
import { PostgresCheckpointStorage } from '@/lib/server/checkpoints/postgres-checkpoint-storage'
import { ConversationService } from '@/lib/server/conversations/conversation-service'
import type { AnyRouteDeclaration } from '@/lib/server/define-route'
import { RunService } from '@/lib/server/runs/run-service'
import { ShareLinkService } from '@/lib/server/share/share-links'
import { undocumentedPartOf, type RealAnswer } from '@/lib/server/testing/documented-answer'
import { createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { HTTP_METHODS, listRouteFiles, loadRoutes, type RouteEntry } from '@/lib/server/testing/route-inventory'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'
// Evaluations (issue #31)
import { evaluatorSpecSchema } from '@/lib/contracts/evaluators'
import { DatasetService } from '@/lib/server/evaluations/dataset-service'
import { ExperimentService } from '@/lib/server/evaluations/experiment-service'
// Triggers (issue #32)
import { ScheduleService } from '@/lib/server/triggers/schedule-service'
import { WebhookService } from '@/lib/server/triggers/webhook-service'
// Debugging (issue #31)
import { WorkflowPinService } from '@/lib/server/workflows/workflow-pins'
import { PublicationService } from '@/lib/server/publications/publication-service'
import { VisitorChatService } from '@/lib/server/publications/visitor-chat'
import { VisitorFormService } from '@/lib/server/publications/visitor-form'

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'

interface Call {
  params?: Record<string, string>
  body?: unknown
  query?: string
}

/** The owner's resources in the team workspace, made by the owner (fresh ones for calls that use them up). */
interface Fixture {
  owner: TestUser
  /** The team workspace, and `?workspaceId=` naming it. */
  workspaceId: string
  inWorkspace: string
  /** A second team workspace where every member is an editor (a move's target). */
  otherWorkspaceId: string
  workflowId: string
  agentId: string
  agent(): Promise<string>
  conversationId: string
  conversation(): Promise<string>
  runId: string
  run(): Promise<string>
  /** A checkpoint of `runId` (at superstep 1, with its `superstep_completed` in the log). */
  checkpointId: string
  approval(): Promise<string>
  shareLink(): Promise<{ id: string; token: string }>
  skill(): Promise<string>
  workflow(): Promise<string>
  mcpServer(): Promise<string>
  apiToken(): Promise<string>
  /** A fresh team workspace with the same members. */
  workspace(): Promise<string>
  /** A fresh viewer of the team workspace (to change or remove); its user id. */
  spareMember(): Promise<string>
  /** A person in no workspace but their own; their address. */
  stranger(): Promise<string>
  /** A fresh invitation link to the team workspace; its token. */
  invitation(): Promise<string>
  /** A fresh invitation link to the team workspace; its id (to revoke). */
  invitationId(): Promise<string>
  // Evaluations (issue #31)
  datasetId: string
  /** A fresh dataset with one row (to save over or delete). */
  dataset(): Promise<string>
  experimentId: string
  /** A fresh experiment, still running (to cancel). */
  experiment(): Promise<string>
  // Triggers (issue #32)
  /** A fresh schedule of `workflowId`; its id. */
  schedule(): Promise<string>
  /** A fresh pinned output of `workflowId`; its node id. */
  pin(): Promise<string>
  /** A fresh webhook of `workflowId`; its id. */
  webhook(): Promise<string>
  // Model credentials (issue #32)
  /** A fresh model credential of the team workspace; its id. */
  credential(): Promise<string>
  // Publishing (issue #32)
  /** A fresh publication of `agentId`; its id and token. */
  publication(): Promise<{ id: string; token: string }>
  /** A fresh visitor's conversation with a fresh publication, with one turn queued. */
  visitorTurn(): Promise<{ token: string; id: string; visitorId: string; runId: string }>
  /** A fresh publication of `workflowId`; its id and token. */
  formPublication(): Promise<{ id: string; token: string }>
  /** A fresh visitor's run of a fresh publication of `workflowId`, queued. */
  visitorRun(): Promise<{ token: string; visitorId: string; runId: string }>
}

type Request = (fx: Fixture) => Call | Promise<Call>
type Ids = (body: any) => string[]

interface Expectation {
  request: Request
  status?: number
  adminStatus?: number
  listed?: Ids
  own?: (fx: Fixture) => string
  roleChecked?: 'before_role'
}

const ids: (key: string, field?: string) => Ids =
  (key, field = 'id') =>
  (body) =>
    (body[key] as Record<string, string>[]).map((item) => item[field])

const ROUTES: Record<string, Expectation> = {
  // Workflows and their versions
  'GET /api/workflows': { request: () => ({}), listed: ids('workflows'), own: (fx) => fx.workflowId },
  'POST /api/workflows': { request: (fx) => ({ body: { name: 'mine', workspaceId: fx.workspaceId } }), status: 201 },
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
  'POST /api/workflows/[id]/live/versions': { request: async (fx) => ({ params: { id: await fx.workflow() }, body: {} }), status: 201 },
  'POST /api/workflows/[id]/versions/[version]/restore': {
    request: (fx) => ({ params: { id: fx.workflowId, version: '1' }, body: {} }),
    status: 201,
  },

  // Triggers (issue #32)
  'GET /api/workflows/[id]/schedules': { request: (fx) => ({ params: { id: fx.workflowId } }), status: 200 },
  'POST /api/workflows/[id]/schedules': { request: (fx) => ({ params: { id: fx.workflowId }, body: { cron: '0 9 * * *' } }), status: 201 },
  'GET /api/workflows/[id]/schedules/[scheduleId]': {
    request: async (fx) => ({ params: { id: fx.workflowId, scheduleId: await fx.schedule() } }),
    status: 200,
  },
  'PATCH /api/workflows/[id]/schedules/[scheduleId]': {
    request: async (fx) => ({ params: { id: fx.workflowId, scheduleId: await fx.schedule() }, body: { enabled: false } }),
    status: 200,
  },
  'DELETE /api/workflows/[id]/schedules/[scheduleId]': {
    request: async (fx) => ({ params: { id: fx.workflowId, scheduleId: await fx.schedule() } }),
    status: 204,
  },
  'GET /api/workflows/[id]/webhooks': { request: (fx) => ({ params: { id: fx.workflowId } }), status: 200 },
  'POST /api/workflows/[id]/webhooks': { request: (fx) => ({ params: { id: fx.workflowId }, body: {} }), status: 201 },
  'GET /api/workflows/[id]/webhooks/[hookId]': { request: async (fx) => ({ params: { id: fx.workflowId, hookId: await fx.webhook() } }), status: 200 },
  'PATCH /api/workflows/[id]/webhooks/[hookId]': {
    request: async (fx) => ({ params: { id: fx.workflowId, hookId: await fx.webhook() }, body: { enabled: false } }),
    status: 200,
  },
  'DELETE /api/workflows/[id]/webhooks/[hookId]': { request: async (fx) => ({ params: { id: fx.workflowId, hookId: await fx.webhook() } }), status: 204 },
  'POST /api/workflows/[id]/webhooks/[hookId]/rotate': { request: async (fx) => ({ params: { id: fx.workflowId, hookId: await fx.webhook() } }), status: 200 },
  // Debugging (issue #31)
  'GET /api/workflows/[id]/pins': { request: (fx) => ({ params: { id: fx.workflowId } }), status: 200 },
  'PUT /api/workflows/[id]/pins/[nodeId]': {
    request: (fx) => ({ params: { id: fx.workflowId, nodeId: `node-${randomUUID()}` }, body: { value: 'pinned', basedOn: null } }),
    status: 200,
  },
  'GET /api/workflows/[id]/node-inputs': { request: (fx) => ({ params: { id: fx.workflowId }, query: 'nodeId=agent' }), status: 200 },
  'DELETE /api/workflows/[id]/pins/[nodeId]': { request: async (fx) => ({ params: { id: fx.workflowId, nodeId: await fx.pin() } }), status: 204 },
  // Unsigned: the same 401 whether the webhook exists or not.
  'POST /api/hooks/[id]': { request: () => ({ params: { id: UNKNOWN_UUID }, body: {} }), status: 401 },

  // Runs
  'GET /api/agents': { request: () => ({}), listed: ids('agents'), own: (fx) => fx.agentId },
  'POST /api/agents': { request: (fx) => ({ body: { name: 'mine', workspaceId: fx.workspaceId } }), status: 201 },
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
  'POST /api/runs': { request: (fx) => ({ body: { workflowId: fx.workflowId, input: 'hi' } }), status: 201 },
  'GET /api/runs/[id]': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  // A workflow has no conversation to continue: 400 shows the owner got past the model's 404.
  // The input check (a workflow has no conversation) comes before the run, and so before the runner check: 400 for
  // every member shows they got past the model's 404; the role is checked by POST /api/runs, which this calls.
  'POST /v1/responses': {
    request: (fx) => ({ body: { model: `workflow:${fx.workflowId}`, input: 'hi', conversation: 'none' } }),
    status: 400,
    roleChecked: 'before_role',
  },
  // As for /v1/responses: a workflow takes no conversation, refused before its run (and so before the runner check).
  'POST /v1/chat/completions': {
    request: (fx) => ({
      body: {
        model: `workflow:${fx.workflowId}`,
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
          { role: 'user', content: 'again' },
        ],
      },
    }),
    status: 400,
    roleChecked: 'before_role',
  },
  'GET /v1/responses/[id]': { request: (fx) => ({ params: { id: `resp_${fx.runId.replaceAll('-', '')}` } }), status: 200 },
  'GET /v1/models': {
    request: () => ({}),
    listed: (body) => (body.data as Array<{ agentloom: { id: string } }>).map((model) => model.agentloom.id),
    own: (fx) => fx.workflowId,
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
  'GET /api/runs/[id]/checkpoints': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  'GET /api/runs/[id]/checkpoints/[checkpointId]': { request: (fx) => ({ params: { id: fx.runId, checkpointId: fx.checkpointId } }), status: 200 },
  'GET /api/runs/[id]/forks': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  'GET /api/runs/compare': { request: (fx) => ({ query: `a=${fx.runId}&b=${fx.runId}` }), status: 200 },
  'GET /api/runs/[id]/cost': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  'POST /api/runs/[id]/forks': { request: (fx) => ({ params: { id: fx.runId }, body: { checkpointId: fx.checkpointId } }), status: 201 },
  // The owned run is not a debug run: 409 run_not_paused shows the owner got past the 404 and the role.
  'POST /api/runs/[id]/debug': { request: (fx) => ({ params: { id: fx.runId }, body: { action: 'continue' } }), status: 409 },
  'POST /api/runs/[id]/debug/state': {
    request: (fx) => ({ params: { id: fx.runId }, body: { edits: [{ op: 'replace_message', index: 0, data: 'x' }] } }),
    status: 409,
  },
  'GET /api/runs/[id]/share-links': { request: (fx) => ({ params: { id: fx.runId } }), status: 200 },
  'POST /api/runs/[id]/share-links': { request: (fx) => ({ params: { id: fx.runId }, body: {} }), status: 201 },

  // Publishing (issue #32)
  'GET /api/agents/[id]/publications': { request: (fx) => ({ params: { id: fx.agentId } }), status: 200 },
  'POST /api/agents/[id]/publications': { request: (fx) => ({ params: { id: fx.agentId }, body: {} }), status: 201 },
  'PATCH /api/publications/[id]': { request: async (fx) => ({ params: { id: (await fx.publication()).id }, body: { rateLimitPerMinute: 5 } }), status: 200 },
  'DELETE /api/publications/[id]': { request: async (fx) => ({ params: { id: (await fx.publication()).id } }), status: 200 },
  // The public chat: the token (and a visitor's own conversation id with their visitor id) is the permission.
  'GET /api/public/chat/[token]': { request: async (fx) => ({ params: { token: (await fx.publication()).token } }), status: 200 },
  'POST /api/public/chat/[token]/conversations': {
    request: async (fx) => ({ params: { token: (await fx.publication()).token }, body: { visitorId: VISITOR_ID } }),
    status: 201,
  },
  'GET /api/public/chat/[token]/conversations/[id]': {
    request: async (fx) => {
      const { token, id, visitorId } = await fx.visitorTurn()
      return { params: { token, id }, query: `visitor=${visitorId}` }
    },
    status: 200,
  },
  // The fixture's turn is still queued: a second message is the 409 of a reply being written, past every other check.
  'POST /api/public/chat/[token]/conversations/[id]/messages': {
    request: async (fx) => {
      const { token, id, visitorId } = await fx.visitorTurn()
      return { params: { token, id }, body: { visitorId, text: 'hello' } }
    },
    status: 409,
  },
  'GET /api/public/chat/[token]/conversations/[id]/turns/[runId]/events': {
    request: async (fx) => {
      const { token, id, visitorId, runId } = await fx.visitorTurn()
      return { params: { token, id, runId }, query: `visitor=${visitorId}` }
    },
    status: 200,
  },
  'GET /api/public/widget.js': { request: () => ({}), status: 200 },
  'GET /api/workflows/[id]/publications': { request: (fx) => ({ params: { id: fx.workflowId } }), status: 200 },
  'POST /api/workflows/[id]/publications': { request: (fx) => ({ params: { id: fx.workflowId }, body: {} }), status: 201 },
  // The public form: the token (and a visitor's own run id with their visitor id) is the permission.
  'GET /api/public/form/[token]': { request: async (fx) => ({ params: { token: (await fx.formPublication()).token } }), status: 200 },
  'POST /api/public/form/[token]/runs': {
    request: async (fx) => ({ params: { token: (await fx.formPublication()).token }, body: { visitorId: VISITOR_ID, input: 'hi' } }),
    status: 202,
  },
  'GET /api/public/form/[token]/runs/[runId]': {
    request: async (fx) => {
      const { token, visitorId, runId } = await fx.visitorRun()
      return { params: { token, runId }, query: `visitor=${visitorId}` }
    },
    status: 200,
  },
  'GET /api/public/form/[token]/runs/[runId]/events': {
    request: async (fx) => {
      const { token, visitorId, runId } = await fx.visitorRun()
      return { params: { token, runId }, query: `visitor=${visitorId}` }
    },
    status: 200,
  },

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
  'POST /api/skills': { request: (fx) => ({ query: fx.inWorkspace, body: { content: skillMarkdown(uniqueName('new-skill')) } }), status: 201 },
  'POST /api/skill-checks': { request: () => ({ body: { content: skillMarkdown(uniqueName('checked-skill')) } }), status: 200 },
  'GET /api/skills/[name]': { request: async (fx) => ({ params: { name: await fx.skill() }, query: fx.inWorkspace }), status: 200 },
  'PATCH /api/skills/[name]': {
    request: async (fx) => ({ params: { name: await fx.skill() }, query: fx.inWorkspace, body: { resources: [], baseVersion: 1 } }),
    status: 200,
  },
  'DELETE /api/skills/[name]': { request: async (fx) => ({ params: { name: await fx.skill() }, query: fx.inWorkspace }), status: 200 },
  'GET /api/function-tools': { request: () => ({}), status: 200 },
  // A port nothing listens on: every caller gets the answer `ok: false` (a provider that cannot be asked is still a 200).
  'GET /api/provider-models': { request: () => ({ query: 'provider=ollama&baseUrl=http%3A%2F%2F127.0.0.1%3A9%2Fv1' }), status: 200 },
  'GET /api/server-facts': {
    request: () => ({}),
    listed: (body) => (body.facts.workflows as Array<{ id: string }>).map((workflow) => workflow.id),
    own: (fx) => fx.workflowId,
  },

  // MCP servers (lib/server/mcp)
  'GET /api/mcp-servers': { request: () => ({}), listed: ids('servers'), own: () => ownServerId },
  'POST /api/mcp-servers': { request: (fx) => ({ query: fx.inWorkspace, body: httpServer(uniqueName('srv')) }), status: 201 },
  'GET /api/mcp-servers/[id]': { request: async (fx) => ({ params: { id: await fx.mcpServer() }, query: fx.inWorkspace }), status: 200 },
  'PATCH /api/mcp-servers/[id]': {
    request: async (fx) => ({ params: { id: await fx.mcpServer() }, query: fx.inWorkspace, body: { description: 'changed', baseVersion: 1 } }),
    status: 200,
  },
  'DELETE /api/mcp-servers/[id]': { request: async (fx) => ({ params: { id: await fx.mcpServer() }, query: fx.inWorkspace }), status: 200 },
  // Nothing listens on the URL: a failed connection is still a 200 for who may test it.
  'POST /api/mcp-servers/[id]/test': { request: async (fx) => ({ params: { id: await fx.mcpServer() }, query: fx.inWorkspace }), status: 200 },
  // A preview: what an import into the workspace would do (its editors may know which ids it holds).
  'POST /api/mcp-servers/import': {
    request: (fx) => ({
      query: fx.inWorkspace,
      body: { manifest: { mcpServers: [{ mcpServerName: 'roles_tools', url: 'http://127.0.0.1:9/mcp' }] }, dryRun: true },
    }),
    status: 200,
  },

  // The caller's own account (lib/server/auth)
  'GET /api/me': { request: () => ({}), status: 200 },
  'POST /api/me/password': { request: () => ({ body: { currentPassword: 'wrong-password', newPassword: 'short' } }), status: 400 },
  'GET /api/me/tokens': { request: () => ({}), status: 200 },
  'POST /api/me/tokens': { request: () => ({ body: { name: 'laptop' } }), status: 201 },

  // Workspaces
  'GET /api/workspaces': { request: () => ({}), listed: ids('workspaces'), own: (fx) => fx.workspaceId },
  'POST /api/workspaces': { request: () => ({ body: { name: uniqueName('team') } }), status: 201 },
  'GET /api/workspaces/[id]': { request: (fx) => ({ params: { id: fx.workspaceId } }), status: 200 },
  'PATCH /api/workspaces/[id]': { request: (fx) => ({ params: { id: fx.workspaceId }, body: { name: 'Team' } }), status: 200 },
  'DELETE /api/workspaces/[id]': { request: async (fx) => ({ params: { id: await fx.workspace() } }), status: 200 },
  'GET /api/workspaces/[id]/members': { request: (fx) => ({ params: { id: fx.workspaceId } }), status: 200 },
  'POST /api/workspaces/[id]/members': {
    request: async (fx) => ({ params: { id: fx.workspaceId }, body: { email: await fx.stranger(), role: 'viewer' } }),
    status: 201,
  },
  'PATCH /api/workspaces/[id]/members/[userId]': {
    request: async (fx) => ({ params: { id: fx.workspaceId, userId: await fx.spareMember() }, body: { approver: true } }),
    status: 200,
  },
  'DELETE /api/workspaces/[id]/members/[userId]': {
    request: async (fx) => ({ params: { id: fx.workspaceId, userId: await fx.spareMember() } }),
    status: 200,
  },
  'GET /api/workspaces/[id]/invitations': { request: (fx) => ({ params: { id: fx.workspaceId } }), status: 200 },
  'POST /api/workspaces/[id]/invitations': { request: (fx) => ({ params: { id: fx.workspaceId }, body: { role: 'viewer' } }), status: 201 },
  'DELETE /api/workspaces/[id]/invitations/[invitationId]': {
    request: async (fx) => ({ params: { id: fx.workspaceId, invitationId: await fx.invitationId() } }),
    status: 200,
  },
  'GET /api/workspace-invitations/[token]': { request: async (fx) => ({ params: { token: await fx.invitation() } }), status: 200 },
  'GET /api/workspaces/[id]/audit-log': { request: (fx) => ({ params: { id: fx.workspaceId } }), status: 200 },
  'GET /api/workspaces/[id]/model-prices': { request: (fx) => ({ params: { id: fx.workspaceId } }), status: 200 },
  'PUT /api/workspaces/[id]/model-prices': {
    request: (fx) => ({ params: { id: fx.workspaceId }, body: { prices: [{ model: 'demo', inputPerMillionUsd: 0, outputPerMillionUsd: 0 }] } }),
    status: 200,
  },
  // Model credentials (issue #32)
  'GET /api/workspaces/[id]/credentials': { request: (fx) => ({ params: { id: fx.workspaceId } }), status: 200 },
  'POST /api/workspaces/[id]/credentials': {
    request: (fx) => ({ params: { id: fx.workspaceId }, body: { name: uniqueName('key'), provider: 'openai', apiKey: 'sk-roles-test-key-0000' } }),
    status: 201,
  },
  'PATCH /api/credentials/[id]': {
    request: async (fx) => ({ params: { id: await fx.credential() }, body: { name: uniqueName('renamed'), baseVersion: 1 } }),
    status: 200,
  },
  'DELETE /api/credentials/[id]': { request: async (fx) => ({ params: { id: await fx.credential() } }), status: 200 },
  'GET /api/workspaces/[id]/approval-routing': { request: (fx) => ({ params: { id: fx.workspaceId } }), status: 200 },
  'PUT /api/workspaces/[id]/approval-routing': { request: (fx) => ({ params: { id: fx.workspaceId }, body: { escalationMinutes: 5 } }), status: 200 },
  // The fixture's workspace has no webhook: owners reach the check past the role's, 409 (lib/server/approvals/approval-routing.int.test.ts sends one).
  'POST /api/workspaces/[id]/approval-routing/test': { request: (fx) => ({ params: { id: fx.workspaceId }, body: {} }), status: 409 },
  'POST /api/workspace-invitations/[token]': { request: async (fx) => ({ params: { token: await fx.invitation() } }), status: 200 },
  // The target is a second team workspace where every member is an editor: the source's role decides.
  'POST /api/workflows/[id]/move': {
    request: async (fx) => ({ params: { id: await fx.workflow() }, body: { workspaceId: fx.otherWorkspaceId } }),
    status: 200,
  },
  'DELETE /api/me/tokens/[id]': { request: async (fx) => ({ params: { id: await fx.apiToken() } }), status: 204, adminStatus: 404 },

  // Evaluations (issue #31): datasets and experiments
  'GET /api/datasets': { request: () => ({}), listed: ids('datasets'), own: (fx) => fx.datasetId },
  'POST /api/datasets': { request: (fx) => ({ body: { name: 'mine', workspaceId: fx.workspaceId } }), status: 201 },
  'GET /api/datasets/[id]': { request: (fx) => ({ params: { id: fx.datasetId } }), status: 200 },
  'PATCH /api/datasets/[id]': { request: (fx) => ({ params: { id: fx.datasetId }, body: { description: 'changed' } }), status: 200 },
  'DELETE /api/datasets/[id]': { request: async (fx) => ({ params: { id: await fx.dataset() } }), status: 200 },
  'POST /api/datasets/[id]/versions': {
    request: async (fx) => ({ params: { id: await fx.dataset() }, body: { rows: [{ input: 'again' }], baseVersion: 1 } }),
    status: 201,
  },
  'POST /api/datasets/[id]/import': {
    request: (fx) => ({ params: { id: fx.datasetId }, body: { format: 'jsonl', content: '{"input":"more"}' } }),
    status: 201,
  },
  'GET /api/datasets/[id]/export': { request: (fx) => ({ params: { id: fx.datasetId }, query: 'format=csv' }), status: 200 },
  'POST /api/datasets/[id]/rows/from-run': { request: (fx) => ({ params: { id: fx.datasetId }, body: { runId: fx.runId } }), status: 201 },
  'GET /api/experiments': { request: () => ({}), listed: ids('experiments'), own: (fx) => fx.experimentId },
  'POST /api/experiments': {
    request: (fx) => ({ body: { datasetId: fx.datasetId, target: { workflowId: fx.workflowId }, evaluators: [{ kind: 'exact' }] } }),
    status: 201,
  },
  'GET /api/experiments/[id]': { request: (fx) => ({ params: { id: fx.experimentId } }), status: 200 },
  'GET /api/experiments/[id]/results': { request: (fx) => ({ params: { id: fx.experimentId } }), status: 200 },
  'POST /api/experiments/[id]/cancel': { request: async (fx) => ({ params: { id: await fx.experiment() } }), status: 200 },
  'GET /api/experiments/[id]/compare/[otherId]': { request: (fx) => ({ params: { id: fx.experimentId, otherId: fx.experimentId } }), status: 200 },

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
  // Unknown paths under /v1: the same 404 for everyone, in OpenAI's shape.
  'GET /v1/[...path]': { request: () => ({ params: { path: 'nothing' } }), status: 404 },
  'POST /v1/[...path]': { request: () => ({ params: { path: 'nothing' }, body: {} }), status: 404 },
  'PUT /v1/[...path]': { request: () => ({ params: { path: 'nothing' }, body: {} }), status: 404 },
  'PATCH /v1/[...path]': { request: () => ({ params: { path: 'nothing' }, body: {} }), status: 404 },
  'DELETE /v1/[...path]': { request: () => ({ params: { path: 'nothing' } }), status: 404 },
  'OPTIONS /v1/[...path]': { request: () => ({ params: { path: 'nothing' } }), status: 404 },
  // The MCP endpoint: API tokens only; each person sees only their own tools and tasks (lib/server/mcp-endpoint/mcp-endpoint.int.test.ts).
  // Without an MCP client's Accept header a POST is refused (406); it is stateless, so GET and DELETE are 405.
  'POST /mcp': { request: () => ({ body: { jsonrpc: '2.0', id: 1, method: 'ping' } }), status: 406 },
  'GET /mcp': { request: () => ({}), status: 405 },
  'DELETE /mcp': { request: () => ({}), status: 405 },
}

let counter = 0
const VISITOR_ID = 'roles-visitor-0123456789abcdef'
const uniqueName = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`
const skillMarkdown = (name: string) => `---\nname: ${name}\ndescription: A skill of the roles test.\n---\n\nDo the thing.\n`
const httpServer = (id: string) => ({ id, name: id, transport: 'http', config: { url: 'http://127.0.0.1:9/mcp' } })

let ownApprovalId = ''
let ownSkillName = ''
let ownServerId = ''

/** Each route's declaration; loaded before the tests are collected, which group by it. */
const DECLARED = await loadRoutes()
function declarationOf(key: string): AnyRouteDeclaration | undefined {
  const [method, pattern] = key.split(' ')
  return DECLARED.find((route) => route.pattern === pattern)?.declarations[method as keyof RouteEntry['declarations']]
}

const routeKeys = () => listRouteFiles().flatMap(({ pattern }) => HTTP_METHODS.map((method) => `${method} ${pattern}`))

/** The members of the team workspace, by what the test calls them. */
const MEMBER_ROLES = ['editor', 'runner', 'approver', 'viewer'] as const
type MemberName = 'owner' | (typeof MEMBER_ROLES)[number]
const ROLE_OF: Record<MemberName, WorkspaceRole> = { owner: 'owner', editor: 'editor', runner: 'runner', approver: 'viewer', viewer: 'viewer' }

/** Whether a member may do what a route declares (`approver`: approvers and owners). */
function allowed(member: MemberName, needed: WorkspaceRole | 'approver'): boolean {
  if (needed === 'approver') return member === 'owner' || member === 'approver'
  return roleAtLeast(ROLE_OF[member], needed)
}

describe('who may call each API route (roles in a team workspace)', () => {
  let app: TestApp
  let routes: RouteEntry[]
  const members = {} as Record<MemberName, TestUser>
  let nonMember: TestUser
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
    const contentType = response.headers.get('content-type') ?? ''
    if (contentType.startsWith('text/event-stream')) {
      aborter.abort()
      await response.body?.cancel()
      expectDocumented(key, { status: response.status, contentType, body: undefined })
      return { status: response.status, body: undefined, headers: response.headers }
    }
    const text = await response.text()
    const body = text && contentType.startsWith('application/json') ? JSON.parse(text) : text || undefined
    expectDocumented(key, { status: response.status, contentType, body })
    return { status: response.status, body, headers: response.headers }
  }

  /** Every answer this table gets is one the OpenAPI document describes (its status, and its JSON body's schema). */
  function expectDocumented(key: string, answer: RealAnswer): void {
    const declaration = declarationOf(key)
    if (declaration) expect(undocumentedPartOf(declaration, answer), `${key} as the OpenAPI document says`).toBeUndefined()
  }

  beforeAll(async () => {
    app = await createTestApp()
    routes = DECLARED
    members.owner = await app.addUser('member')
    for (const name of MEMBER_ROLES) members[name] = await app.addUser('member')
    nonMember = await app.addUser('member')
    const owner = members.owner
    const workspaces = new WorkspaceService(app)
    const principal = async (user: TestUser): Promise<Principal> => (await app.apiTokens.authenticate(user.token))!
    const teamWith = async (role: (name: MemberName) => WorkspaceRole) => {
      const created = await workspaces.create(await principal(owner), uniqueName('team'))
      for (const name of MEMBER_ROLES) {
        await workspaces.addMember(await principal(owner), created.id, { email: members[name].email, role: role(name), approver: name === 'approver' })
      }
      return created.id
    }
    const workspaceId = await teamWith((name) => ROLE_OF[name])
    const otherWorkspaceId = await teamWith(() => 'editor')
    const as = await principal(owner)
    const runs = new RunService(app)
    const workflows = new WorkflowService(app.db.prisma)
    const workflow = async (name = 'owned') => (await workflows.create(as, { name, workspaceId })).workflow.id
    const workflowId = await workflow()
    const agents = new AgentService(app.db.prisma, app.secrets)
    const agent = async () => (await agents.create(as, { name: 'owned agent', workspaceId })).agent.id
    const agentId = await agent()
    const conversations = new ConversationService(app)
    const conversation = async () => (await conversations.create(as, agentId, { title: 'owned conversation' })).id
    const conversationId = await conversation()
    const run = async () => (await runs.create(as, { workflowId, input: 'hi' })).id
    const runId = await run()
    const checkpointId = randomUUID()
    await new PostgresCheckpointStorage(app.db.prisma, app.secrets.box, runId).save({
      checkpointId,
      workflowName: 'owned',
      graphSignatureHash: 'roles',
      timestamp: new Date().toISOString(),
      iterationCount: 1,
      messages: [],
      state: {},
      pendingRequestInfoEvents: {},
      executorStates: {},
      edgeGroupStates: {},
      metadata: {},
      version: '1.0',
    })
    await app.events.append(runId, 'superstep_completed', { iteration: 1 })
    const approval = async () =>
      (
        await app.db.prisma.approvalRequest.create({
          data: {
            runId,
            ownerId: owner.id,
            workspaceId,
            kind: 'human_input',
            source: 'test',
            title: 'Go on?',
            payload: {},
            expiresAt: new Date(Date.now() + 3_600_000),
          },
        })
      ).id
    const inWorkspace = `workspaceId=${workspaceId}`
    // Evaluations (issue #31)
    const datasets = new DatasetService(app.db.prisma, runs)
    const dataset = async () => (await datasets.create(as, { name: uniqueName('dataset'), rows: [{ input: 'hi' }], workspaceId })).dataset.id
    const datasetId = await dataset()
    const experiments = new ExperimentService(app.db.prisma, datasets, runs)
    const experiment = async () =>
      (
        await experiments.create(as, {
          datasetId,
          target: { workflowId },
          evaluators: [evaluatorSpecSchema.parse({ kind: 'exact' })],
          trials: 1,
          concurrency: 1,
        })
      ).experiment.id
    const experimentId = await experiment()
    // Triggers (issue #32)
    const schedules = new ScheduleService(app)
    const webhooks = new WebhookService(app)
    const schedule = async () =>
      (await schedules.create(as, workflowId, { name: '', cron: '0 9 * * *', timeZone: 'UTC', input: '', enabled: true, missedRuns: 'skip' })).id
    const webhook = async () => (await webhooks.create(as, workflowId, { name: '', rateLimitPerMinute: 60 })).webhook.id
    // Debugging (issue #31)
    const pins = new WorkflowPinService(app)
    const pin = async () => (await pins.put(as, workflowId, `node-${randomUUID()}`, { value: { text: 'pinned' }, basedOn: null })).nodeId
    // Publishing (issue #32)
    const publications = new PublicationService(app)
    const visitorChat = new VisitorChatService(app)
    const publication = async () => {
      const { publication: made, token } = await publications.create(as, { kind: 'agent', id: agentId }, { rateLimitPerMinute: 600 })
      return { id: made.id, token }
    }
    const visitorForm = new VisitorFormService(app)
    const formPublication = async () => {
      const { publication: made, token } = await publications.create(as, { kind: 'workflow', id: workflowId }, { rateLimitPerMinute: 600 })
      return { id: made.id, token }
    }
    const visitorRun = async () => {
      const { token } = await formPublication()
      const { runId } = await visitorForm.submit(await visitorForm.open(token, 'roles-test'), VISITOR_ID, 'hello')
      return { token, visitorId: VISITOR_ID, runId }
    }
    const visitorTurn = async () => {
      const { token } = await publication()
      const live = await visitorChat.open(token, 'roles-test')
      const { id } = await visitorChat.start(live, VISITOR_ID)
      const { runId } = await visitorChat.send(live, VISITOR_ID, id, 'hello')
      return { token, id, visitorId: VISITOR_ID, runId }
    }
    fx = {
      schedule,
      pin,
      webhook,
      credential: async () => {
        const created = await send(
          'POST /api/workspaces/[id]/credentials',
          { params: { id: workspaceId }, body: { name: uniqueName('key'), provider: 'openai', apiKey: 'sk-roles-test-key-0000' } },
          owner,
        )
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        return created.body.id as string
      },
      publication,
      visitorTurn,
      formPublication,
      visitorRun,
      owner,
      workspaceId,
      inWorkspace,
      otherWorkspaceId,
      workflowId,
      agentId,
      agent,
      conversationId,
      conversation,
      runId,
      run,
      checkpointId,
      approval,
      shareLink: async () => {
        const { shareLink, token } = await new ShareLinkService(app).create(as, runId, {})
        return { id: shareLink.id, token }
      },
      skill: async () => {
        const created = await send('POST /api/skills', { query: inWorkspace, body: { content: skillMarkdown(uniqueName('skill')) } }, owner)
        expect(created.status).toBe(201)
        return created.body.skill.name as string
      },
      mcpServer: async () => {
        const created = await send('POST /api/mcp-servers', { query: inWorkspace, body: httpServer(uniqueName('srv')) }, owner)
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        return created.body.server.id as string
      },
      apiToken: async () => (await app.apiTokens.create(owner.id, 'spare')).apiToken.id,
      workflow: () => workflow(uniqueName('doomed')),
      workspace: () => teamWith((name) => ROLE_OF[name]),
      spareMember: async () => {
        const spare = await app.addUser('member')
        await workspaces.addMember(await principal(owner), workspaceId, { email: spare.email, role: 'viewer', approver: false })
        return spare.id
      },
      stranger: async () => (await app.addUser('member')).email,
      invitation: async () => (await workspaces.invite(await principal(owner), workspaceId, { role: 'viewer', approver: false })).token,
      invitationId: async () => (await workspaces.invite(await principal(owner), workspaceId, { role: 'viewer', approver: false })).id,
      datasetId,
      dataset,
      experimentId,
      experiment,
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
    const declaration = declarationOf(key)
    // An entry for a route that does not exist: the first test names it.
    if (!declaration) return
    const { access } = declaration
    const needed = declaration.workspace?.role
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

    /** Each member's answer: the status when the role allows, else 403 (or 404 where the role also hides it). */
    const expectRoles = (allowedStatus: number) =>
      it(`answers each role by the declared ${needed ?? 'owner only'}, a non-member 404`, async () => {
        for (const name of ['owner', ...MEMBER_ROLES] as MemberName[]) {
          const response = await send(key, await expectation.request(fx), members[name])
          const may = needed === undefined ? name === 'owner' : expectation.roleChecked === 'before_role' || allowed(name, needed)
          const hidden = needed === undefined || needed === 'approver'
          const expected = may ? allowedStatus : hidden ? 404 : 403
          expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(expected)
          if (expected === 403) expect(response.body.error).toMatchObject({ code: 'forbidden', details: { role: needed } })
        }
        const asNonMember = await send(key, await expectation.request(fx), nonMember)
        expect(asNonMember.status, JSON.stringify(asNonMember.body)).toBe(404)
        expect(asNonMember.body.error.code).toBe('not_found')
        const asAdmin = await send(key, await expectation.request(fx), app.admin)
        expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(expectation.adminStatus ?? allowedStatus)
      })

    switch (access) {
      case 'owned':
      case 'create':
        expectRoles(expectation.status!)
        break
      case 'list':
        it('lists the item for the roles the declaration allows and an admin, never for a non-member', async () => {
          const listedFor = async (as: TestUser) => {
            const response = await send(key, await expectation.request(fx), as)
            expect(response.status, JSON.stringify(response.body)).toBe(200)
            return expectation.listed!(response.body)
          }
          const own = expectation.own!(fx)
          for (const name of ['owner', ...MEMBER_ROLES] as MemberName[]) {
            const sees = needed === undefined || allowed(name, needed)
            if (sees) expect(await listedFor(members[name]), name).toContain(own)
            else expect(await listedFor(members[name]), name).not.toContain(own)
          }
          expect(await listedFor(app.admin)).toContain(own)
          expect(await listedFor(nonMember)).not.toContain(own)
        })
        break
      case 'anyone':
        if (needed !== undefined) {
          expectRoles(expectation.status!)
          break
        }
        it(`answers every signed-in person ${expectation.status}`, async () => {
          // A fresh person, not the non-member: a call here may make them a member (an invitation link).
          for (const as of [members.owner, members.viewer, await app.addUser('member'), app.admin]) {
            const response = await send(key, await expectation.request(fx), as)
            expect(response.status, JSON.stringify(response.body)).toBe(expectation.status)
          }
        })
        break
      case 'admin':
        it(`answers an admin ${expectation.status} and a member 404`, async () => {
          expect((await send(key, await expectation.request(fx), members.owner)).status).toBe(404)
          const asAdmin = await send(key, await expectation.request(fx), app.admin)
          expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(expectation.status)
        })
        break
    }
  })
})
