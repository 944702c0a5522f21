/**
 * Importing the `{"mcpServers": {"<name>": {...}}}` configuration that desktop MCP clients write:
 * stdio entries (`command`, `args`, `env`, `cwd`) and remote ones (`url`, `headers`), with the
 * transport in `type` or `transport` as those clients spell it ("stdio", "http",
 * "streamable-http", "sse", "ws"). Each entry is held to the rules of the form: the same request
 * schema, the deployment's stdio policy, and its environment values and headers become the
 * server's sealed secrets. A dry run lists every entry with its problems; a real import refuses a
 * document with any problem (400 listing them all) and otherwise creates, updates or skips each
 * server as the person chose.
 */
import { z } from 'zod'
import {
  createMcpServerRequestSchema,
  newServerIdSchema,
  type CreateServerInput,
  type ImportPreviewEntry,
  type ManifestImportSummary,
  type ManifestProblem,
  type McpTransport,
  type UpdateServerInput,
} from '@/lib/contracts/mcp-servers'
import type { Principal } from '../auth/principal'
import { nameOwnerOf, ownerNamesWhere } from '../auth/name-owner'
import type { Prisma } from '../db/database'
import { invalidInput } from '../domain-errors'
import { assertMayConfigureStdio } from './mcp-server-access'
import { toolServerId, MAX_MANIFEST_ENTRIES } from './tool-server-manifest'

/** Whether a parsed document is a desktop client's configuration (servers keyed by name) rather than a ToolingManifest.json (a list). */
export function isDesktopClientConfig(document: unknown): document is { mcpServers: Record<string, unknown> } {
  const servers = (document as { mcpServers?: unknown } | null)?.mcpServers
  return typeof servers === 'object' && servers !== null && !Array.isArray(servers)
}

const stringRecord = z.record(z.string(), z.string({ error: 'must be text.' }))
const desktopEntrySchema = z
  .object({
    type: z.string().optional(),
    transport: z.string().optional(),
    command: z.string().optional(),
    args: z.array(z.string({ error: 'must be text.' })).optional(),
    env: stringRecord.optional(),
    cwd: z.string().optional(),
    url: z.string().optional(),
    headers: stringRecord.optional(),
    description: z.string().optional(),
    disabled: z.boolean().optional(),
  })
  // Clients add fields of their own (alwaysAllow, autoApprove, timeout…): they mean nothing here.
  .passthrough()
type DesktopEntry = z.infer<typeof desktopEntrySchema>

const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamable_http', 'streamablehttp', 'streamable'])
const WS_TYPES = new Set(['ws', 'websocket'])

function transportOf(entry: DesktopEntry): { transport?: McpTransport; problem?: string } {
  const declared = (entry.type ?? entry.transport)?.trim().toLowerCase()
  if (entry.command !== undefined && entry.url !== undefined) return { problem: 'gives both a command and a url; give one.' }
  if (declared === 'sse') return { problem: 'uses the SSE transport, which is not supported: give the server\'s Streamable HTTP URL with type "http".' }
  if (declared === 'stdio') return { transport: 'stdio' }
  if (declared !== undefined && HTTP_TYPES.has(declared)) return { transport: 'http' }
  if (declared !== undefined && WS_TYPES.has(declared)) return { transport: 'websocket' }
  if (declared !== undefined) return { problem: `has the unknown type '${declared}': use stdio, http or websocket.` }
  if (entry.command !== undefined) return { transport: 'stdio' }
  if (entry.url !== undefined) return { transport: /^wss?:/i.test(entry.url) ? 'websocket' : 'http' }
  return { problem: 'needs a command (a stdio server) or a url (a remote server).' }
}

function createInput(id: string, key: string, entry: DesktopEntry, transport: McpTransport): CreateServerInput {
  const common = { id, name: key, description: entry.description ?? '', enabled: entry.disabled !== true }
  if (transport === 'stdio') {
    return { ...common, transport, config: { command: entry.command ?? '', args: entry.args ?? [], cwd: entry.cwd }, secrets: { env: entry.env ?? {} } }
  }
  return { ...common, transport, config: { url: entry.url ?? '' }, secrets: { headers: entry.headers ?? {} } }
}

/** An issue of the create schema, at the entry's own field (`config.command` → `command`, `secrets.env.X` → `env.X`). */
function entryPath(at: string, path: readonly PropertyKey[]): string {
  const parts = path.map(String)
  const own = parts[0] === 'config' || parts[0] === 'secrets' ? parts.slice(1) : parts
  return [at, ...own].join('.')
}

function summaryOf(input: CreateServerInput): string {
  if (input.transport === 'stdio') return [input.config.command, ...(input.config.args ?? [])].join(' ')
  return URL.canParse(input.config.url) ? `${new URL(input.config.url).origin}${new URL(input.config.url).pathname}` : input.config.url
}

interface PlannedServer {
  preview: ImportPreviewEntry
  input?: CreateServerInput
}

function planEntry(key: string, raw: unknown, principal: Principal): PlannedServer {
  const at = `mcpServers.${key}`
  const id = toolServerId(key)
  const problems: ManifestProblem[] = []
  const blank = { key, id, name: key, transport: 'stdio' as McpTransport, summary: '', secretKeys: { env: [], headers: [] }, exists: false, problems }
  const parsed = desktopEntrySchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ path: entryPath(at, issue.path), message: issue.message })
    return { preview: blank }
  }
  const idCheck = newServerIdSchema.safeParse(id)
  if (!idCheck.success) problems.push({ path: at, message: `'${key}' would get the server id '${id}': ${idCheck.error.issues[0]?.message} Rename the entry.` })
  const { transport, problem } = transportOf(parsed.data)
  if (!transport) {
    problems.push({ path: at, message: problem ?? 'cannot be imported.' })
    return { preview: blank }
  }
  const input = createInput(id, key, parsed.data, transport)
  const checked = createMcpServerRequestSchema.safeParse(input)
  if (!checked.success) {
    for (const issue of checked.error.issues) if (issue.path[0] !== 'id') problems.push({ path: entryPath(at, issue.path), message: issue.message })
  }
  if (transport === 'stdio' && parsed.data.command) {
    try {
      assertMayConfigureStdio(principal, parsed.data.command)
    } catch (error) {
      problems.push({ path: `${at}.command`, message: (error as Error).message })
    }
  }
  const secretKeys = { env: Object.keys(parsed.data.env ?? {}), headers: Object.keys(parsed.data.headers ?? {}) }
  return { preview: { ...blank, transport, summary: summaryOf(input), secretKeys }, input: problems.length ? undefined : input }
}

/** What an import writes through: the registry's own create and update, so that every rule (and the audit log) applies. */
export interface ServerWriter {
  create(principal: Principal, input: CreateServerInput, workspaceId?: string): Promise<unknown>
  update(principal: Principal, id: string, input: UpdateServerInput, base: number | 'current', workspaceId?: string): Promise<unknown>
}

export async function importDesktopClientConfig(
  prisma: Prisma,
  writer: ServerWriter,
  principal: Principal,
  document: { mcpServers: Record<string, unknown> },
  /** `workspaceId`: where the servers are made (default: the importer's personal workspace). */
  options: { onExisting: 'skip' | 'update'; dryRun: boolean; workspaceId?: string },
): Promise<ManifestImportSummary> {
  const keys = Object.keys(document.mcpServers)
  if (keys.length > MAX_MANIFEST_ENTRIES) {
    throw invalidInput('tooling_manifest_invalid', `The configuration lists ${keys.length} servers; at most ${MAX_MANIFEST_ENTRIES} can be imported at once.`, {
      problems: [{ path: 'mcpServers', message: `lists ${keys.length} servers; at most ${MAX_MANIFEST_ENTRIES} can be imported at once.` }],
    })
  }
  const plans = keys.map((key) => planEntry(key, document.mcpServers[key], principal))
  const seen = new Map<string, string>()
  for (const { preview } of plans) {
    const first = seen.get(preview.id)
    if (first !== undefined)
      preview.problems.push({ path: `mcpServers.${preview.key}`, message: `'${preview.key}' gets the same server id '${preview.id}' as '${first}'.` })
    else seen.set(preview.id, preview.key)
  }
  const ids = plans.map((plan) => plan.preview.id)
  // Ids are the importer's own: another owner's server of the same id is neither taken nor updated (nor revealed).
  const own = new Set(
    (
      await prisma.mcpServer.findMany({ where: { id: { in: ids }, ...ownerNamesWhere(nameOwnerOf(principal, options.workspaceId)) }, select: { id: true } })
    ).map((row) => row.id),
  )
  const taken = own
  const summary: ManifestImportSummary = { created: [], updated: [], skipped: [], entries: plans.map((plan) => plan.preview) }
  for (const { preview } of plans) {
    preview.exists = taken.has(preview.id)
    if (!preview.exists) summary.created.push(preview.id)
    else if (options.onExisting === 'update' && own.has(preview.id)) summary.updated.push(preview.id)
    else summary.skipped.push(preview.id)
  }
  if (options.dryRun) return summary
  const problems = plans.flatMap((plan) => plan.preview.problems)
  if (problems.length > 0) {
    const first = problems.slice(0, 3).map((p) => `${p.path}: ${p.message}`)
    throw invalidInput(
      'tooling_manifest_invalid',
      `The configuration cannot be imported: ${first.join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`,
      {
        problems,
      },
    )
  }
  const created = new Set(summary.created)
  const updated = new Set(summary.updated)
  for (const { input } of plans) {
    if (!input) continue
    if (created.has(input.id)) await writer.create(principal, input, options.workspaceId)
    else if (updated.has(input.id)) {
      const { id, secrets, ...changes } = input
      // An import asked to update what exists replaces whatever version is stored.
      await writer.update(principal, id, { ...changes, secrets: secrets as UpdateServerInput['secrets'], confirm: true }, 'current', options.workspaceId)
    }
  }
  return { created: summary.created, updated: summary.updated, skipped: summary.skipped }
}
