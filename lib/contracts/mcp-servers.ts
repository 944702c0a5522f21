/**
 * The HTTP contracts of MCP servers: what the API accepts, and what it shows (summaries, the
 * edit form's detail, connection tests, imports, who may add stdio servers). Browser-safe.
 *
 * What the API accepts. The rules exist because of how a server is used:
 * the id becomes the prefix of every tool name an agent sees, a stdio command is spawned without
 * a shell (so shell syntax would only ever be a mistake), and secrets are write-only — a request
 * may set or remove them, never read them back.
 */
import { z } from 'zod'
import { baseVersionSchema } from './save-base'
import { atMostKeys } from './bounded'
import { mcpServerSettingsSchema } from './mcp-server-settings'
import { safeText } from './safe-text'

export const MCP_TRANSPORTS = ['stdio', 'http', 'websocket'] as const
export type McpTransport = (typeof MCP_TRANSPORTS)[number]

/** New ids: a slug, because it becomes the tool name prefix (`research-assistant_word_count`). */
// The same rule for servers added here and those imported from a manifest (`mcp_mailtools`).
export const MCP_SERVER_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/
/** Segments of /api/mcp-servers/… that are routes of their own, so no server may be called that. */
export const RESERVED_MCP_SERVER_IDS: ReadonlySet<string> = new Set(['import'])

export const newServerIdSchema = z
  .string()
  .regex(MCP_SERVER_ID_PATTERN, 'Use 1–63 lowercase letters, digits, "-" and "_", starting with a letter or digit.')
  .refine((id) => !RESERVED_MCP_SERVER_IDS.has(id), { message: 'This id is reserved; choose another.' })

/**
 * Ids of existing servers. Wider than new ids: servers imported from a tool-server manifest keep
 * the manifest's unique name, which may contain "_".
 */
export const mcpServerIdParamsSchema = z.object({
  id: z.string().regex(MCP_SERVER_ID_PATTERN, 'Not a valid MCP server id.'),
})

const BARE_COMMAND = /^[A-Za-z0-9_][A-Za-z0-9._+-]*$/
// Absolute POSIX path, or a Windows drive path; spaces are fine (no shell ever reads them).
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/])[^\0\n\r;&|`$<>*?"'(){}\t]*$/

function commandProblem(command: string): string | undefined {
  if (command.trim() !== command) return 'must not start or end with spaces.'
  if (BARE_COMMAND.test(command)) return undefined
  if (ABSOLUTE_PATH.test(command)) return undefined
  if (/\s/.test(command) && !command.startsWith('/')) return 'must be a single command (e.g. "node") or an absolute path; put arguments in args.'
  if (command.startsWith('./') || command.startsWith('../') || /^[A-Za-z0-9._-]+\//.test(command)) {
    return 'must be a bare command found on PATH or an absolute path, not a relative path (relative paths belong in args or cwd).'
  }
  return 'must be a bare command or an absolute path without shell syntax (no ; & | $ ` < > quotes or globs): no shell is used.'
}

export const stdioCommandSchema = safeText()
  .min(1, 'A command is required.')
  .max(1_000)
  .superRefine((command, context) => {
    const problem = commandProblem(command)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })

export const stdioConfigInput = z
  .object({
    command: stdioCommandSchema,
    args: z.array(safeText().max(10_000)).max(100).default([]),
    /** Relative to the app's working directory, or absolute. */
    cwd: safeText()
      .trim()
      .max(1_000)
      .optional()
      .transform((cwd) => (cwd === '' ? undefined : cwd)),
  })
  .strict()

function urlConfigFor(protocols: readonly string[], label: string) {
  return z
    .object({
      url: safeText()
        .trim()
        .max(4_000)
        .refine((value) => URL.canParse(value), 'Not a valid URL.')
        .refine((value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol), `must start with ${label}.`),
    })
    .strict()
}

export const httpConfigInput = urlConfigFor(['http:', 'https:'], 'http:// or https://')
export const websocketConfigInput = urlConfigFor(['ws:', 'wss:'], 'ws:// or wss://')

export const CONFIG_INPUT_BY_TRANSPORT = {
  stdio: stdioConfigInput,
  http: httpConfigInput,
  websocket: websocketConfigInput,
} as const

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
// RFC 9110 token characters.
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/
const MAX_SECRET_KEYS = 50
const secretValue = safeText().max(8_192)

const envName = z.string().max(256).regex(ENV_NAME, 'Environment variable names use letters, digits and "_", not starting with a digit.')
const envValue = secretValue
const headerName = z.string().max(256).regex(HEADER_NAME, 'Not a valid HTTP header name.')
const headerValue = secretValue.refine((value) => !/[\r\n]/.test(value), 'Header values must be a single line.')

const atMost = (record: Record<string, unknown>) => Object.keys(record).length <= MAX_SECRET_KEYS
const tooMany = `At most ${MAX_SECRET_KEYS} entries.`

/** Secrets on create: plain values. (Manifest imports take their headers through the same rules.) */
export const secretsInput = z
  .object({
    env: z.record(envName, envValue).refine(atMost, tooMany).default({}),
    headers: z.record(headerName, headerValue).refine(atMost, tooMany).default({}),
  })
  .strict()

/** Secrets on update: a value sets a key, `null` removes it, an omitted key stays as it is. */
export const secretsPatchInput = z
  .object({
    env: z.record(envName, envValue.nullable()).refine(atMost, tooMany).optional(),
    headers: z.record(headerName, headerValue.nullable()).refine(atMost, tooMany).optional(),
  })
  .strict()

export type SecretsPatch = z.output<typeof secretsPatchInput>

const nameInput = safeText().trim().min(1, 'A name is required.').max(200)
const descriptionInput = safeText().trim().max(2_000)

const noEntries = (what: string) => z.record(z.string(), z.unknown()).refine((record) => Object.keys(record).length === 0, what)

/**
 * Progressive disclosure for the server's tools: agents get list/load/unload tools instead of
 * every tool, which keeps a server with dozens of tools from filling the model's context.
 */
const loadToolsOnDemandInput = z.boolean({ error: 'Must be true or false.' })

/**
 * One connection to the server, kept open between runs and shared by them: runs start faster. A
 * shared connection belongs to no run, so it offers the server neither sampling nor elicitation.
 */
const shareConnectionInput = z.boolean({ error: 'Must be true or false.' })

/**
 * Tools loaded on demand belong to the connection: on a shared one, what one run loaded would be
 * offered to the next. So the two settings are refused together, each field naming the other.
 */
export const SHARED_ON_DEMAND_ISSUES: ReadonlyArray<{ path: 'shareConnection' | 'loadToolsOnDemand'; message: string }> = [
  { path: 'shareConnection', message: 'Cannot be on together with loadToolsOnDemand: a shared connection would carry the tools one run loaded into the next.' },
  { path: 'loadToolsOnDemand', message: 'Cannot be on together with shareConnection: a shared connection would carry the tools one run loaded into the next.' },
]

/** Whether settings (a request's, or a request's merged over a stored server's) turn both on. */
export function sharesOnDemandConnection(settings: { shareConnection?: boolean; loadToolsOnDemand?: boolean }): boolean {
  return settings.shareConnection === true && settings.loadToolsOnDemand === true
}

function refuseSharedOnDemand(settings: { shareConnection?: boolean; loadToolsOnDemand?: boolean }, context: z.core.$RefinementCtx): void {
  if (!sharesOnDemandConnection(settings)) return
  for (const issue of SHARED_ON_DEMAND_ISSUES) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
}

const commonCreateFields = {
  id: newServerIdSchema,
  name: nameInput,
  description: descriptionInput.default(''),
  enabled: z.boolean().default(true),
  loadToolsOnDemand: loadToolsOnDemandInput.default(false),
  shareConnection: shareConnectionInput.default(false),
  settings: mcpServerSettingsSchema.prefault({}),
}

function urlServerBody<T extends 'http' | 'websocket'>(transport: T) {
  return z
    .object({
      ...commonCreateFields,
      transport: z.literal(transport),
      config: CONFIG_INPUT_BY_TRANSPORT[transport],
      secrets: z
        .object({ env: noEntries(`${transport} servers take headers, not environment values.`).optional(), headers: secretsInput.shape.headers })
        .strict()
        .default({ headers: {} }),
    })
    .strict()
}

/** POST /api/mcp-servers: one shape per transport, so every problem is reported at its field. */
export const createMcpServerRequestSchema = z
  .discriminatedUnion('transport', [
    z
      .object({
        ...commonCreateFields,
        transport: z.literal('stdio'),
        config: stdioConfigInput,
        secrets: z
          .object({ env: secretsInput.shape.env, headers: noEntries('stdio servers take environment values, not headers.').optional() })
          .strict()
          .default({ env: {} }),
      })
      .strict(),
    urlServerBody('http'),
    urlServerBody('websocket'),
  ])
  .superRefine(refuseSharedOnDemand)

export type CreateServerInput = z.input<typeof createMcpServerRequestSchema>
export type CreateServerData = z.output<typeof createMcpServerRequestSchema>

/** The configuration of `transport`, with issue paths under `config`. */
export function parseServerConfig(transport: McpTransport, config: unknown) {
  return z.object({ config: CONFIG_INPUT_BY_TRANSPORT[transport] }).safeParse({ config })
}

/** PATCH /api/mcp-servers/:id. `config` replaces the whole configuration when given. */
export const updateMcpServerRequestSchema = z
  .object({
    name: nameInput.optional(),
    description: descriptionInput.optional(),
    enabled: z.boolean().optional(),
    loadToolsOnDemand: loadToolsOnDemandInput.optional(),
    shareConnection: shareConnectionInput.optional(),
    /** Replaces all settings when given. */
    settings: mcpServerSettingsSchema.optional(),
    transport: z.enum(MCP_TRANSPORTS).optional(),
    config: atMostKeys(z.record(z.string().max(200), z.unknown()), 20).optional(),
    secrets: secretsPatchInput.optional(),
    /** Makes a change of what a server runs or where it connects although workflows use it (else 409 `confirm_required`). */
    confirm: z.boolean().optional(),
    /** The server's `version` this change started from (or `If-Match`); required: a change from an older version answers 409 `stale_version`. */
    baseVersion: baseVersionSchema.optional(),
  })
  .strict()
  .refine(
    ({ confirm: _confirm, baseVersion: _baseVersion, ...changes }) => Object.values(changes).some((value) => value !== undefined),
    'Nothing to change: send at least one field.',
  )
  // Only when the patch turns both on; one turned on beside a stored other is refused by the registry.
  .superRefine(refuseSharedOnDemand)

export type UpdateServerInput = z.input<typeof updateMcpServerRequestSchema>

/** The longest manifest text an import takes (the import route's body limit is larger than the default). */
export const MAX_MANIFEST_TEXT_LENGTH = 5_000_000

/** POST /api/mcp-servers/import. */
export const importManifestRequestSchema = z
  .object({
    /** The parsed ToolingManifest.json, or its text. */
    manifest: z.union([z.string().min(1, 'Paste the manifest.').max(MAX_MANIFEST_TEXT_LENGTH), atMostKeys(z.record(z.string().max(200), z.unknown()), 50)]),
    onExisting: z.enum(['skip', 'update']).default('skip'),
    /** Only say what would be created, updated and skipped, with each entry's problems; nothing is written. */
    dryRun: z.boolean().default(false),
    serverUrlBase: safeText()
      .trim()
      .max(4_000)
      .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'must be an http(s) URL.')
      .optional(),
  })
  .strict()

export type ImportManifestInput = z.input<typeof importManifestRequestSchema>

/*
 * What the API shows. Secrets never appear: a server shows the names of its secrets, and the
 * secret parts of its URL as `[secret]`.
 */

/** A stdio server's stored configuration (also how stored rows are read back). */
export const stdioConfigSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Relative to the app's working directory. */
  cwd: z.string().optional(),
})
export type StdioConfig = z.infer<typeof stdioConfigSchema>

/** An http or websocket server's stored configuration. */
export const urlConfigSchema = z.object({ url: z.string().url() })
export type UrlConfig = z.infer<typeof urlConfigSchema>

/** The names — never the values — of a server's secrets. */
export const secretKeysSchema = z.object({ env: z.array(z.string()), headers: z.array(z.string()) })
export type SecretKeys = z.infer<typeof secretKeysSchema>

/** One row of GET /api/mcp-servers. */
export const mcpServerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  transport: z.enum(MCP_TRANSPORTS),
  enabled: z.boolean(),
  /** Agents get list/load/unload tools for this server instead of every tool. */
  loadToolsOnDemand: z.boolean(),
  /** One connection kept open between runs and shared by them (no sampling, no elicitation). */
  shareConnection: z.boolean(),
  /** What it runs or where it connects, without secrets: "node examples/…mjs", "https://host/path". */
  summary: z.string(),
  /** Counts the saves: a change names the one it started from (`baseVersion`). */
  version: z.number().int(),
})
export type McpServerSummary = z.infer<typeof mcpServerSummarySchema>

/** What an edit form needs: the configuration as stored, and the names of the secrets. */
export const mcpServerDetailSchema = mcpServerSummarySchema.extend({
  /** `{ command, args, cwd? }` or `{ url }`; null when the stored configuration is invalid. */
  config: z.union([stdioConfigSchema, z.object({ url: z.string() })]).nullable(),
  secretKeys: secretKeysSchema,
  settings: mcpServerSettingsSchema,
})
export type McpServerDetail = z.infer<typeof mcpServerDetailSchema>

/** A saved workflow whose versions use a server. */
export const workflowReferenceSchema = z.object({
  workflowId: z.string(),
  workflowName: z.string(),
  /** The saved versions whose graph uses the server, ascending. */
  versions: z.array(z.number().int()),
  /** Whether the newest version uses it (what a new run would start from). */
  latest: z.boolean(),
})
export type WorkflowReference = z.infer<typeof workflowReferenceSchema>

/** Whether the caller may add stdio servers (and change what they run), and why not. */
export const stdioAccessSchema = z.object({
  /** The deployment runs stdio servers at all. */
  enabled: z.boolean(),
  /** The caller may add stdio servers and change what they run. */
  canConfigure: z.boolean(),
  /** Why not, in a sentence for the form; absent when they may. */
  reason: z.string().optional(),
  /** The commands the deployment allows; null when any command is allowed. */
  allowedCommands: z.array(z.string()).nullable(),
})
export type StdioAccess = z.infer<typeof stdioAccessSchema>

/** One declared parameter of a tool (a property of its inputSchema), in words a person reads. */
export const mcpToolParameterSchema = z.object({
  name: z.string(),
  /** "string", "number[]", "\"a\" | \"b\"", "object"…; "any" when the schema says nothing. */
  type: z.string(),
  required: z.boolean(),
  description: z.string(),
})
export type McpToolParameter = z.infer<typeof mcpToolParameterSchema>

export const MCP_TASK_SUPPORT = ['forbidden', 'optional', 'required'] as const

export const mcpToolSummarySchema = z.object({
  name: z.string(),
  description: z.string(),
  parameters: z.array(mcpToolParameterSchema).default([]),
  /** execution.taskSupport: "required" runs as a long-running task. */
  taskSupport: z.enum(MCP_TASK_SUPPORT).default('forbidden'),
})
export type McpToolSummary = z.infer<typeof mcpToolSummarySchema>

/** POST /api/mcp-servers/:id/test: a failed connection is a result (ok: false, error), not an error answer. */
export const mcpTestResultSchema = z.object({ ok: z.boolean(), tools: z.array(mcpToolSummarySchema), error: z.string().optional() })
export type McpTestResult = z.infer<typeof mcpTestResultSchema>

/** A rule an import breaks (ToolingManifest.json, or a desktop client's configuration). */
export const manifestProblemSchema = z.object({
  /** Where in the document, e.g. `mcpServers[1].url` or `mcpServers.files.command`; empty for the whole document. */
  path: z.string(),
  message: z.string(),
})
export type ManifestProblem = z.infer<typeof manifestProblemSchema>

/** One server an import would create (or update, or leave), as a dry run shows it. */
export const importPreviewEntrySchema = z.object({
  /** The entry's name in the document (the key under `mcpServers`, or the manifest's unique name). */
  key: z.string(),
  id: z.string(),
  name: z.string(),
  transport: z.enum(MCP_TRANSPORTS),
  /** What it runs or where it connects, without secrets. */
  summary: z.string(),
  /** The names of the values that become its secrets (environment values, headers). */
  secretKeys: z.object({ env: z.array(z.string()), headers: z.array(z.string()) }),
  /** A server with this id exists already. */
  exists: z.boolean(),
  problems: z.array(manifestProblemSchema),
})
export type ImportPreviewEntry = z.infer<typeof importPreviewEntrySchema>

/** POST /api/mcp-servers/import: the ids of the servers created, updated and skipped (with `dryRun`: that would be), and each entry. */
export const manifestImportSummarySchema = z.object({
  created: z.array(z.string()),
  updated: z.array(z.string()),
  skipped: z.array(z.string()),
  entries: z.array(importPreviewEntrySchema).optional(),
})
export type ManifestImportSummary = z.infer<typeof manifestImportSummarySchema>

/** DELETE /api/mcp-servers/:id. */
export const removedMcpServerSchema = z.object({
  deleted: z.string(),
  /** Workflows whose saved versions used the server; their runs now fail with "MCP server '…' not found". */
  referencedBy: z.array(workflowReferenceSchema),
})
export type RemovedMcpServer = z.infer<typeof removedMcpServerSchema>

/** GET /api/mcp-servers. */
export const mcpServerListResponseSchema = z.object({ servers: z.array(mcpServerSummarySchema), stdio: stdioAccessSchema })
export type McpServerListResponse = z.infer<typeof mcpServerListResponseSchema>

/** GET /api/mcp-servers/:id. */
export const mcpServerResponseSchema = z.object({ server: mcpServerDetailSchema, referencedBy: z.array(workflowReferenceSchema) })
export type McpServerResponse = z.infer<typeof mcpServerResponseSchema>

/** POST /api/mcp-servers and PATCH /api/mcp-servers/:id. */
export const savedMcpServerResponseSchema = z.object({ server: mcpServerDetailSchema })
export type SavedMcpServerResponse = z.infer<typeof savedMcpServerResponseSchema>

/** `details` of a 409 `confirm_required`: the workflows a change would affect that the caller may see, and how many others. */
export const confirmRequiredDetailsSchema = z.object({ affected: z.array(workflowReferenceSchema), others: z.number().int() })
export type ConfirmRequiredDetails = z.infer<typeof confirmRequiredDetailsSchema>

/** `details` of a 400 `tooling_manifest_invalid` answer to an import: every rule the manifest breaks. */
export const manifestInvalidDetailsSchema = z.object({ problems: z.array(manifestProblemSchema) })
