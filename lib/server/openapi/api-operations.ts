/**
 * The shapes of the OpenAPI description's operations, and what cannot be derived from the routes: the
 * tags. Each operation is derived from its route's declaration (defineRoute in app/**\/route.ts:
 * method, path, access, params/query/body and responses as the lib/contracts schemas the route
 * parses and answers with, summary, tag) by openapi-document.ts; openapi-document.test.ts checks
 * that every route is described (or says why not) and that the schemas are the contracts' own.
 *
 * The error answers follow from each operation (see errorStatuses in openapi-document.ts): 401 where a
 * sign-in is needed, 404 for admins only (others get the 404 of an unknown path), 400 where something
 * is parsed, 404 where a path names a resource, 413/415 where a body is read; `errors` adds the rest (409 conflicts).
 */
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import type { z } from 'zod'

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
  workspaces: 'Workspaces and their members: every resource is in one, and a member’s role says what they may do there.',
  admin: 'User management and the audit log (admins only).',
  access: 'First-admin setup, invitations, password resets and shared runs: reachable without signing in.',
  meta: 'Health and this description.',
  // Triggers (issue #32)
  triggers:
    'A workflow\'s schedules (cron in a time zone) and webhooks (POST /api/hooks/{id}, signed `Agentloom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`): ' +
    'runs they start record their trigger; list them with GET /api/runs?triggerId=.',
  publishing:
    "Saved agents and workflows published to people without an account (issue #32): their publications, the public chat behind an agent publication's token " +
    "(/chat/{token}, the widget at /api/public/widget.js, and /api/public/chat/{token}/...), and the public form behind a workflow publication's token " +
    '(/form/{token} and /api/public/form/{token}/...; its runs are listed with GET /api/runs?trigger=published): no sign-in, rate limited per visitor address.',
  evaluations: 'Datasets of cases, and experiments that run a workflow or agent version over them and score every run (issue #31).',
  responses:
    "OpenAI's Responses API in front of saved agents and workflows, for the `openai` package and other OpenAI clients: API tokens only, " +
    'and errors in OpenAI\'s shape `{ "error": { "message", "type", "param", "code" } }`.',
} as const
export type ApiTag = keyof typeof API_TAGS

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Who may call: a signed-in person or API token, an API token alone, an admin, or anyone. */
export type ApiAccess = 'user' | 'token' | 'admin' | 'public'

/**
 * `text/event-stream`: the events routes, one schema-shaped event per `data:`; `text/markdown`: the conversation export;
 * `text/csv` and `application/jsonl`: a dataset's export.
 */
export type ApiContentType = 'application/json' | 'text/event-stream' | 'text/markdown' | 'text/csv' | 'application/jsonl' | 'text/javascript'

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
  /** The least workspace role the route needs (403 below it). */
  workspaceRole?: WorkspaceRole | 'approver'
  /**
   * A save that names the version it started from (lib/contracts/save-base.ts): `baseVersion` in the body or the
   * `If-Match` header; a stale one answers 409 `stale_version`, and a `required` one without either 428.
   */
  saveBase?: 'required' | 'optional'
  /** `openai`: errors in OpenAI's shape (the routes under `/v1`) instead of the API's own. */
  errorShape?: 'openai'
}
