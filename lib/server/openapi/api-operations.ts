/**
 * Every operation of the HTTP API, one entry each, from which openapi-document.ts generates the
 * OpenAPI description. The schemas are the lib/contracts schemas the routes parse with and answer
 * with, never copies: openapi-document.test.ts checks that, and that every route and method of
 * api-route-table.ts has an entry here (or a reason in UNDOCUMENTED_ROUTES), naming what to add.
 *
 * The error answers follow from each entry (see errorStatuses in openapi-document.ts): 401 where a
 * sign-in is needed, 404 for admins only (others get the 404 of an unknown path), 400 where something
 * is parsed, 404 where a path names a resource, 413/415 where a body is read; `errors` adds the rest (409 conflicts).
 */
import type { z } from 'zod'
import * as accounts from '@/lib/contracts/accounts'
import * as agents from '@/lib/contracts/agents'
import * as approvals from '@/lib/contracts/approvals'
import * as conversations from '@/lib/contracts/conversations'
import { functionToolListResponseSchema } from '@/lib/contracts/function-tools'
import { healthResponseSchema } from '@/lib/contracts/health'
import * as responses from '@/lib/contracts/responses'
import * as mcp from '@/lib/contracts/mcp-servers'
import { runEventSchema } from '@/lib/contracts/run-events'
import * as runs from '@/lib/contracts/runs'
import { serverFactsResponseSchema } from '@/lib/contracts/server-facts'
import * as share from '@/lib/contracts/share-links'
import { skillCheckRequestSchema, skillCheckSchema } from '@/lib/contracts/skill-checks'
import * as skills from '@/lib/contracts/skills'
import * as workflows from '@/lib/contracts/workflows'

export const API_TAGS = {
  workflows: 'Workflow documents and their immutable, numbered versions.',
  agents: 'Reusable agent definitions and their immutable, numbered versions.',
  conversations: 'Chats with an agent: messages, turns (runs you follow with the events stream), exports.',
  runs: 'Runs of a workflow version: start, follow (server-sent events), cancel, share.',
  approvals: 'Decisions a run waits for: tool calls, MCP sampling and elicitation, human input.',
  'mcp-servers': 'The MCP servers workflows reference by id.',
  skills: 'Agent skills (SKILL.md and resources).',
  tools: 'Built-in function tools agents can use.',
  account: 'The signed-in person: profile, password, personal API tokens.',
  admin: 'User management and the audit log (admins only).',
  access: 'First-admin setup, invitations, password resets and shared runs: reachable without signing in.',
  meta: 'Health and this description.',
  responses:
    "OpenAI's Responses API in front of saved agents and workflows, for the `openai` package and other OpenAI clients: API tokens only, " +
    'and errors in OpenAI\'s shape `{ "error": { "message", "type", "param", "code" } }`.',
} as const
export type ApiTag = keyof typeof API_TAGS

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Who may call: a signed-in person or API token, an API token alone, an admin, or anyone. */
export type ApiAccess = 'user' | 'token' | 'admin' | 'public'

/** `text/event-stream`: the events routes, one schema-shaped event per `data:`; `text/markdown`: the conversation export. */
export type ApiContentType = 'application/json' | 'text/event-stream' | 'text/markdown'

export interface ApiResponseSpec {
  description: string
  /** Absent for an answer without a body (204). */
  schema?: z.ZodType
  /** `application/json` unless said. */
  contentType?: ApiContentType
  /** The same answer in other content types, when the request chooses one (the export's `format`). */
  otherContent?: Readonly<Partial<Record<ApiContentType, z.ZodType>>>
}

export interface ApiOperation {
  method: HttpMethod
  /** OpenAPI style: `/api/runs/{id}`. */
  path: string
  summary: string
  tag: ApiTag
  access: ApiAccess
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  /** The success answers by status. */
  responses: Record<number, ApiResponseSpec>
  /** Error statuses beyond those that follow from the entry (usually 409). */
  errors?: readonly number[]
  /**
   * A save that names the version it started from (lib/contracts/save-base.ts): `baseVersion` in the body or the
   * `If-Match` header; a stale one answers 409 `stale_version`, and a `required` one without either 428.
   */
  saveBase?: 'required' | 'optional'
  /** `openai`: errors in OpenAI's shape (`/v1/responses`) instead of the API's own. */
  errorShape?: 'openai'
}

/** Routes of api-route-table.ts that are deliberately not in the description, and why. */
export const UNDOCUMENTED_ROUTES: Readonly<Record<string, string>> = {
  '/api/[...path]': 'The JSON 404 for every path no route has; not an operation.',
  '/api/auth/[...all]': "Better Auth's own endpoints (sign-in, sign-out, OIDC callbacks), documented by Better Auth.",
}

const ok = (schema: z.ZodType, description = 'OK'): Record<number, ApiResponseSpec> => ({ 200: { description, schema } })
const created = (schema: z.ZodType, description = 'Created'): Record<number, ApiResponseSpec> => ({ 201: { description, schema } })

export const API_OPERATIONS: readonly ApiOperation[] = [
  // workflows
  {
    method: 'get',
    path: '/api/workflows',
    summary: 'List your workflows',
    tag: 'workflows',
    access: 'user',
    responses: ok(workflows.workflowListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/workflows',
    summary: 'Create a workflow (from a graph document, or the starter document)',
    tag: 'workflows',
    access: 'user',
    body: workflows.createWorkflowRequestSchema,
    responses: created(workflows.createdWorkflowResponseSchema),
  },
  {
    method: 'get',
    path: '/api/workflows/{id}',
    summary: 'Read a workflow and its latest version',
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowIdParamsSchema,
    responses: ok(workflows.workflowResponseSchema),
  },
  {
    method: 'patch',
    path: '/api/workflows/{id}',
    summary: 'Rename a workflow or change its description or settings (no new version)',
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowIdParamsSchema,
    body: workflows.updateWorkflowRequestSchema,
    responses: ok(workflows.updatedWorkflowResponseSchema),
  },
  {
    method: 'delete',
    path: '/api/workflows/{id}',
    summary: 'Delete a workflow, keeping its runs (`runs=keep`) or deleting them (`runs=delete`: 409 while one has not finished)',
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowIdParamsSchema,
    query: workflows.deleteWorkflowQuerySchema,
    responses: ok(workflows.deletedWorkflowResponseSchema),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/workflows/{id}/duplicate',
    summary: 'Copy a workflow: a new one of yours with its latest graph (as version 1), description and settings',
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowIdParamsSchema,
    body: workflows.duplicateWorkflowRequestSchema,
    responses: created(workflows.createdWorkflowResponseSchema),
  },
  {
    method: 'get',
    path: '/api/workflows/{id}/versions',
    summary: "List a workflow's versions",
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowIdParamsSchema,
    responses: ok(workflows.versionListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/workflows/{id}/versions',
    summary: 'Save a new version (the graph must pass validation: 400 invalid_graph lists its problems)',
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowIdParamsSchema,
    body: workflows.createVersionRequestSchema,
    responses: created(workflows.versionResponseSchema),
    errors: [409],
    saveBase: 'required',
  },
  {
    method: 'get',
    path: '/api/workflows/{id}/versions/{version}',
    summary: 'Read one version',
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowVersionParamsSchema,
    responses: ok(workflows.versionResponseSchema),
  },
  {
    method: 'post',
    path: '/api/workflows/{id}/versions/{version}/restore',
    summary: "Save an earlier version's graph again as the newest version (checked as a new save is)",
    tag: 'workflows',
    access: 'user',
    params: workflows.workflowVersionParamsSchema,
    body: workflows.restoreVersionRequestSchema,
    responses: created(workflows.versionResponseSchema),
    errors: [409],
    saveBase: 'optional',
  },
  {
    method: 'get',
    path: '/api/server-facts',
    summary: 'What this server offers you, for checking a workflow before a run: OpenAI configured or not, MCP servers, skills, workflows',
    tag: 'workflows',
    access: 'user',
    responses: ok(serverFactsResponseSchema),
  },

  // agents
  {
    method: 'get',
    path: '/api/agents',
    summary: 'List your agents, most recently changed first',
    tag: 'agents',
    access: 'user',
    responses: ok(agents.agentListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/agents',
    summary: 'Create an agent and its version 1 (the definition must be runnable: 400 invalid_agent lists its problems)',
    tag: 'agents',
    access: 'user',
    body: agents.createAgentRequestSchema,
    responses: created(agents.createdAgentResponseSchema),
  },
  {
    method: 'get',
    path: '/api/agents/{id}',
    summary: 'Read an agent and its latest version',
    tag: 'agents',
    access: 'user',
    params: agents.agentIdParamsSchema,
    responses: ok(agents.agentResponseSchema),
  },
  {
    method: 'patch',
    path: '/api/agents/{id}',
    summary: 'Rename an agent or change its description (no new version)',
    tag: 'agents',
    access: 'user',
    params: agents.agentIdParamsSchema,
    body: agents.updateAgentRequestSchema,
    responses: ok(agents.updatedAgentResponseSchema),
  },
  {
    method: 'delete',
    path: '/api/agents/{id}',
    summary: 'Delete an agent with its versions, conversations and their turns',
    tag: 'agents',
    access: 'user',
    params: agents.agentIdParamsSchema,
    responses: ok(agents.deletedAgentResponseSchema),
  },
  {
    method: 'get',
    path: '/api/agents/{id}/versions',
    summary: "List an agent's versions, newest first",
    tag: 'agents',
    access: 'user',
    params: agents.agentIdParamsSchema,
    responses: ok(agents.agentVersionListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/agents/{id}/versions',
    summary: 'Save a new version of an agent (400 invalid_agent lists the problems; 409 when another save won the number)',
    tag: 'agents',
    access: 'user',
    params: agents.agentIdParamsSchema,
    body: agents.createAgentVersionRequestSchema,
    responses: created(agents.agentVersionResponseSchema),
    errors: [409],
    saveBase: 'required',
  },
  {
    method: 'get',
    path: '/api/agents/{id}/versions/{version}',
    summary: 'Read one version of an agent',
    tag: 'agents',
    access: 'user',
    params: agents.agentVersionParamsSchema,
    responses: ok(agents.agentVersionResponseSchema),
  },
  {
    method: 'get',
    path: '/api/file-roots',
    summary: 'The folder roots agents may be given (AGENTLOOM_FILE_ROOTS) and, under `root`, the subfolders of `folder`',
    tag: 'agents',
    access: 'user',
    query: agents.fileRootQuerySchema,
    responses: ok(agents.fileRootListingSchema),
  },

  // conversations
  {
    method: 'get',
    path: '/api/agents/{id}/conversations',
    summary: 'List your conversations with an agent, most recently active first',
    tag: 'conversations',
    access: 'user',
    params: agents.agentIdParamsSchema,
    responses: ok(conversations.conversationListSchema),
  },
  {
    method: 'post',
    path: '/api/agents/{id}/conversations',
    summary: 'Start a conversation with an agent',
    tag: 'conversations',
    access: 'user',
    params: agents.agentIdParamsSchema,
    body: conversations.createConversationBody,
    responses: created(conversations.conversationSummarySchema),
  },
  {
    method: 'get',
    path: '/api/conversations/{id}',
    summary: 'Read a conversation: its turns, token usage and the turn still active, if any',
    tag: 'conversations',
    access: 'user',
    params: conversations.conversationIdParams,
    responses: ok(conversations.conversationDetailSchema),
  },
  {
    method: 'patch',
    path: '/api/conversations/{id}',
    summary: 'Rename a conversation, or pin it to an agent version (null: follow the latest)',
    tag: 'conversations',
    access: 'user',
    params: conversations.conversationIdParams,
    body: conversations.updateConversationBody,
    responses: ok(conversations.conversationSummarySchema),
  },
  {
    method: 'delete',
    path: '/api/conversations/{id}',
    summary: 'Delete a conversation with its messages and turns (a turn still running is cancelled)',
    tag: 'conversations',
    access: 'user',
    params: conversations.conversationIdParams,
    responses: { 204: { description: 'Deleted' } },
  },
  {
    method: 'get',
    path: '/api/conversations/{id}/messages',
    summary: 'A page of messages, oldest first, going back from the newest (or from `before`)',
    tag: 'conversations',
    access: 'user',
    params: conversations.conversationIdParams,
    query: conversations.messagesQuery,
    responses: ok(conversations.messagePageSchema),
  },
  {
    method: 'post',
    path: '/api/conversations/{id}/messages',
    summary: "Send a message: queues the agent's reply as a turn (follow it at /api/runs/{runId}/events; 409 while one is running)",
    tag: 'conversations',
    access: 'user',
    params: conversations.conversationIdParams,
    body: conversations.sendMessageBody,
    responses: { 202: { description: 'Queued', schema: conversations.sentMessageSchema } },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/conversations/{id}/export',
    summary: 'Download a conversation: as stored (`format=json`, the default) or as Markdown to read (`format=markdown`)',
    tag: 'conversations',
    access: 'user',
    params: conversations.conversationIdParams,
    query: conversations.exportQuery,
    responses: {
      200: {
        description: 'An attachment (`conversation-<id>.json` or `.md`) in the content type `format` chose.',
        schema: conversations.conversationExportSchema,
        otherContent: { 'text/markdown': conversations.conversationMarkdownExportSchema },
      },
    },
  },
  {
    method: 'post',
    path: '/api/runs/{id}/continue-in-chat',
    summary: 'Continue in chat: the conversation with what one agent node of a run said and heard (made once, then reopened)',
    tag: 'conversations',
    access: 'user',
    params: runs.runIdParams,
    body: conversations.continueInChatBody,
    responses: { ...ok(conversations.conversationSummarySchema, 'Made by an earlier call'), ...created(conversations.conversationSummarySchema) },
  },

  // runs
  {
    method: 'get',
    path: '/api/runs',
    summary: 'List your runs, newest first',
    tag: 'runs',
    access: 'user',
    query: runs.listRunsQuery,
    responses: ok(runs.runListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/runs',
    summary:
      'Start a run of a workflow version (queued; follow it with the events stream; input fields a start node declares come as JSON text: 400 invalid_run_input lists the problems)',
    tag: 'runs',
    access: 'user',
    body: runs.createRunBody,
    responses: created(runs.runSummaryResponseSchema, 'Queued'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/runs/{id}',
    summary: 'Read a run: status, outputs, graph and approvals',
    tag: 'runs',
    access: 'user',
    params: runs.runIdParams,
    responses: ok(runs.runViewSchema),
  },
  {
    method: 'post',
    path: '/api/runs/{id}/cancel',
    summary: 'Cancel a run',
    tag: 'runs',
    access: 'user',
    params: runs.runIdParams,
    responses: ok(runs.runSummaryResponseSchema),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/runs/{id}/events',
    summary: "Follow a run's events (server-sent events; resumes after `after` or Last-Event-ID)",
    tag: 'runs',
    access: 'user',
    params: runs.runIdParams,
    query: runs.eventsQuery,
    responses: {
      200: {
        description: 'One event per `data:` line, its `id:` the event sequence; the stream ends with the run.',
        schema: runEventSchema,
        contentType: 'text/event-stream',
      },
    },
  },
  {
    method: 'post',
    path: '/api/runs/{id}/mcp-tasks/cancel',
    summary: 'Cancel a long-running MCP task of a run',
    tag: 'runs',
    access: 'user',
    params: runs.runIdParams,
    body: runs.cancelMcpTaskBody,
    responses: { 202: { description: 'Passed on to the run', schema: runs.mcpTaskCancelResponseSchema } },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/runs/{id}/share-links',
    summary: "List a run's share links",
    tag: 'runs',
    access: 'user',
    params: runs.runIdParams,
    responses: ok(share.shareLinkListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/runs/{id}/share-links',
    summary: 'Create a read-only share link to a run (its URL is shown once)',
    tag: 'runs',
    access: 'user',
    params: runs.runIdParams,
    body: share.createShareLinkBody,
    responses: created(share.createdShareLinkSchema),
  },
  {
    method: 'delete',
    path: '/api/share-links/{id}',
    summary: 'Revoke a share link',
    tag: 'runs',
    access: 'user',
    params: share.shareLinkIdParams,
    responses: ok(share.revokedShareLinkResponseSchema),
  },

  // approvals
  {
    method: 'get',
    path: '/api/approvals',
    summary: 'List your approvals',
    tag: 'approvals',
    access: 'user',
    query: approvals.listApprovalsQuery,
    responses: ok(approvals.approvalListResponseSchema),
  },
  {
    method: 'get',
    path: '/api/approvals/events',
    summary: "Follow how many of your approvals wait (server-sent events; an admin counts everyone's)",
    tag: 'approvals',
    access: 'user',
    responses: {
      200: {
        description: `An \`event: ${approvals.APPROVAL_INBOX_EVENT}\` with the count when the stream opens and whenever an approval is created, decided or closed; the stream stays open.`,
        schema: approvals.approvalInboxEventSchema,
        contentType: 'text/event-stream',
      },
    },
  },
  {
    method: 'get',
    path: '/api/approvals/{id}',
    summary: 'Read an approval',
    tag: 'approvals',
    access: 'user',
    params: approvals.approvalIdParams,
    responses: ok(approvals.approvalResponseSchema),
  },
  {
    method: 'post',
    path: '/api/approvals/{id}',
    summary: 'Approve or deny (with a reply for human input, answers for elicitation)',
    tag: 'approvals',
    access: 'user',
    params: approvals.approvalIdParams,
    body: approvals.answerApprovalBody,
    responses: ok(approvals.approvalResponseSchema),
    errors: [409],
  },

  // MCP servers
  {
    method: 'get',
    path: '/api/mcp-servers',
    summary: 'List MCP servers',
    tag: 'mcp-servers',
    access: 'user',
    responses: ok(mcp.mcpServerListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/mcp-servers',
    summary: 'Add an MCP server',
    tag: 'mcp-servers',
    access: 'user',
    body: mcp.createMcpServerRequestSchema,
    responses: created(mcp.savedMcpServerResponseSchema),
    errors: [403, 409],
  },
  {
    method: 'get',
    path: '/api/mcp-servers/{id}',
    summary: 'Read an MCP server and the workflows that reference it',
    tag: 'mcp-servers',
    access: 'user',
    params: mcp.mcpServerIdParamsSchema,
    responses: ok(mcp.mcpServerResponseSchema),
  },
  {
    method: 'patch',
    path: '/api/mcp-servers/{id}',
    summary: 'Change an MCP server (secrets by key; values are never answered)',
    tag: 'mcp-servers',
    access: 'user',
    params: mcp.mcpServerIdParamsSchema,
    body: mcp.updateMcpServerRequestSchema,
    responses: ok(mcp.savedMcpServerResponseSchema),
    errors: [403, 409],
    saveBase: 'required',
  },
  {
    method: 'delete',
    path: '/api/mcp-servers/{id}',
    summary: 'Remove an MCP server',
    tag: 'mcp-servers',
    access: 'user',
    params: mcp.mcpServerIdParamsSchema,
    responses: ok(mcp.removedMcpServerSchema),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/mcp-servers/{id}/test',
    summary: 'Connect to an MCP server and list its tools',
    tag: 'mcp-servers',
    access: 'user',
    params: mcp.mcpServerIdParamsSchema,
    responses: ok(mcp.mcpTestResultSchema),
    errors: [403],
  },
  {
    method: 'post',
    path: '/api/mcp-servers/import',
    summary: 'Import MCP servers from a desktop-style manifest ({"mcpServers": {...}})',
    tag: 'mcp-servers',
    access: 'user',
    body: mcp.importManifestRequestSchema,
    responses: ok(mcp.manifestImportSummarySchema),
    errors: [403],
  },

  // skills and tools
  {
    method: 'get',
    path: '/api/skills',
    summary: 'List skills (stored and from files)',
    tag: 'skills',
    access: 'user',
    responses: ok(skills.skillListSchema),
  },
  {
    method: 'post',
    path: '/api/skill-checks',
    summary: 'Check a skill being edited or imported as a save would, saving nothing (what is wrong is the answer, not a 400)',
    tag: 'skills',
    access: 'user',
    body: skillCheckRequestSchema,
    responses: ok(skillCheckSchema),
  },
  {
    method: 'post',
    path: '/api/skills',
    summary: 'Create a skill',
    tag: 'skills',
    access: 'user',
    body: skills.createSkillRequestSchema,
    responses: created(skills.skillResponseSchema),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/skills/{name}',
    summary: 'Read a skill',
    tag: 'skills',
    access: 'user',
    params: skills.skillNameParamsSchema,
    responses: ok(skills.skillResponseSchema),
  },
  {
    method: 'patch',
    path: '/api/skills/{name}',
    summary: 'Change a stored skill',
    tag: 'skills',
    access: 'user',
    params: skills.skillNameParamsSchema,
    body: skills.updateSkillRequestSchema,
    responses: ok(skills.skillResponseSchema),
    errors: [409],
    saveBase: 'required',
  },
  {
    method: 'delete',
    path: '/api/skills/{name}',
    summary: 'Delete a stored skill',
    tag: 'skills',
    access: 'user',
    params: skills.skillNameParamsSchema,
    responses: ok(skills.deletedSkillResponseSchema),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/function-tools',
    summary: 'List the built-in function tools',
    tag: 'tools',
    access: 'user',
    responses: ok(functionToolListResponseSchema),
  },

  // account
  {
    method: 'get',
    path: '/api/me',
    summary: 'Who is signed in (or whose token this is)',
    tag: 'account',
    access: 'user',
    responses: ok(accounts.meViewSchema),
  },
  {
    method: 'post',
    path: '/api/me/password',
    summary: 'Change your password',
    tag: 'account',
    access: 'user',
    body: accounts.changePasswordRequestSchema,
    responses: ok(accounts.okResponseSchema),
  },
  {
    method: 'get',
    path: '/api/me/tokens',
    summary: 'List your API tokens',
    tag: 'account',
    access: 'user',
    responses: ok(accounts.apiTokenListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/me/tokens',
    summary: 'Create an API token (the token is answered this once)',
    tag: 'account',
    access: 'user',
    body: accounts.createApiTokenRequestSchema,
    responses: created(accounts.createdApiTokenResponseSchema),
  },
  {
    method: 'delete',
    path: '/api/me/tokens/{id}',
    summary: 'Revoke an API token',
    tag: 'account',
    access: 'user',
    params: accounts.accountIdParamsSchema,
    responses: { 204: { description: 'Revoked' } },
  },

  // admin
  {
    method: 'get',
    path: '/api/admin/users',
    summary: 'List users',
    tag: 'admin',
    access: 'admin',
    responses: ok(accounts.userListResponseSchema),
  },
  {
    method: 'patch',
    path: '/api/admin/users/{id}',
    summary: "Change a user's role, or disable them",
    tag: 'admin',
    access: 'admin',
    params: accounts.accountIdParamsSchema,
    body: accounts.updateUserRequestSchema,
    responses: ok(accounts.userResponseSchema),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/admin/users/{id}/password-reset',
    summary: 'Create a one-time password-reset link for a user',
    tag: 'admin',
    access: 'admin',
    params: accounts.accountIdParamsSchema,
    responses: created(accounts.oneTimeLinkViewSchema),
  },
  {
    method: 'post',
    path: '/api/admin/invitations',
    summary: 'Invite someone (a one-time link)',
    tag: 'admin',
    access: 'admin',
    body: accounts.inviteRequestSchema,
    responses: created(accounts.oneTimeLinkViewSchema),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/admin/audit-log',
    summary: 'Read the audit log, newest first',
    tag: 'admin',
    access: 'admin',
    query: accounts.auditLogQuerySchema,
    responses: ok(accounts.auditPageViewSchema),
  },

  // reachable without signing in
  {
    method: 'post',
    path: '/api/setup',
    summary: 'Create the first admin with the setup token the server printed (signs in)',
    tag: 'access',
    access: 'public',
    body: accounts.setupRequestSchema,
    responses: created(accounts.userResponseSchema),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/invitations/{token}',
    summary: 'Whom an invitation is for',
    tag: 'access',
    access: 'public',
    params: accounts.oneTimeTokenParamsSchema,
    responses: ok(accounts.invitationViewSchema),
  },
  {
    method: 'post',
    path: '/api/invitations/{token}',
    summary: 'Accept an invitation: create the account (signs in)',
    tag: 'access',
    access: 'public',
    params: accounts.oneTimeTokenParamsSchema,
    body: accounts.acceptInvitationRequestSchema,
    responses: created(accounts.userResponseSchema),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/password-resets/{token}',
    summary: 'Set a new password with a reset link',
    tag: 'access',
    access: 'public',
    params: accounts.oneTimeTokenParamsSchema,
    body: accounts.passwordResetRequestSchema,
    responses: ok(accounts.okResponseSchema),
  },
  {
    method: 'get',
    path: '/api/share/{token}',
    summary: 'A shared run, read-only (instructions and secrets stripped)',
    tag: 'access',
    access: 'public',
    params: share.shareTokenParams,
    query: runs.eventsQuery,
    responses: ok(share.sharedRunSchema),
  },
  {
    method: 'get',
    path: '/api/health',
    summary: 'The server and its database answer',
    tag: 'meta',
    access: 'public',
    responses: ok(healthResponseSchema),
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This description (OpenAPI 3.1)',
    tag: 'meta',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document' } },
  },
  // responses
  {
    method: 'post',
    path: '/v1/responses',
    summary:
      'Run a saved agent (one conversation turn) or workflow as an OpenAI Responses request: `model` is `agent:<name|id>[@version]`, ' +
      '`workflow:<name|id>[@version]` or a bare name; `stream: true` answers server-sent Responses events',
    tag: 'responses',
    access: 'token',
    body: responses.createResponseRequestSchema,
    responses: {
      200: {
        description: 'The finished response (or `incomplete` while an approval waits in the app); with `stream: true`, its events',
        schema: responses.responseObjectSchema,
        otherContent: { 'text/event-stream': responses.responseStreamEventSchema },
      },
    },
    errors: [404, 409],
    errorShape: 'openai',
  },
]
