/**
 * What the MCP server API accepts. The rules exist because of how a server is used:
 * the id becomes the prefix of every tool name an agent sees, a stdio command is spawned without
 * a shell (so shell syntax would only ever be a mistake), and secrets are write-only — a request
 * may set or remove them, never read them back.
 */
import { z } from 'zod'
import { atMostKeys } from '../contracts/bounded'
import { safeText } from '../contracts/safe-text'

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
export const serverIdParams = z.object({
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

const commonCreateFields = {
  id: newServerIdSchema,
  name: nameInput,
  description: descriptionInput.default(''),
  enabled: z.boolean().default(true),
  loadToolsOnDemand: loadToolsOnDemandInput.default(false),
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
export const createServerBody = z.discriminatedUnion('transport', [
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

export type CreateServerInput = z.input<typeof createServerBody>
export type CreateServerData = z.output<typeof createServerBody>

/** The configuration of `transport`, with issue paths under `config`. */
export function parseServerConfig(transport: McpTransport, config: unknown) {
  return z.object({ config: CONFIG_INPUT_BY_TRANSPORT[transport] }).safeParse({ config })
}

/** PATCH /api/mcp-servers/:id. `config` replaces the whole configuration when given. */
export const updateServerBody = z
  .object({
    name: nameInput.optional(),
    description: descriptionInput.optional(),
    enabled: z.boolean().optional(),
    loadToolsOnDemand: loadToolsOnDemandInput.optional(),
    transport: z.enum(MCP_TRANSPORTS).optional(),
    config: atMostKeys(z.record(z.string().max(200), z.unknown()), 20).optional(),
    secrets: secretsPatchInput.optional(),
    /** Makes a change of what a server runs or where it connects although workflows use it (else 409 `confirm_required`). */
    confirm: z.boolean().optional(),
  })
  .strict()
  .refine(
    ({ confirm: _confirm, ...changes }) => Object.values(changes).some((value) => value !== undefined),
    'Nothing to change: send at least one field.',
  )

export type UpdateServerInput = z.input<typeof updateServerBody>

/** The longest manifest text an import takes (the import route's body limit is larger than the default). */
export const MAX_MANIFEST_TEXT_LENGTH = 5_000_000

/** POST /api/mcp-servers/import. */
export const importManifestBody = z
  .object({
    /** The parsed ToolingManifest.json, or its text. */
    manifest: z.union([z.string().min(1, 'Paste the manifest.').max(MAX_MANIFEST_TEXT_LENGTH), atMostKeys(z.record(z.string().max(200), z.unknown()), 50)]),
    onExisting: z.enum(['skip', 'update']).default('skip'),
    serverUrlBase: safeText()
      .trim()
      .max(4_000)
      .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'must be an http(s) URL.')
      .optional(),
  })
  .strict()

export type ImportManifestInput = z.input<typeof importManifestBody>
