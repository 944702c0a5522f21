/**
 * The add/edit form of an MCP server as plain data, and its translation to API requests. Secret
 * values are write-only: a stored secret shows as a row with an empty value ("set — leave empty
 * to keep"); only typed values are sent, and a removed row is sent as `null` (delete the key).
 */
import type { McpServerDetail, McpTransport, StdioAccess, StdioConfig, UrlConfig } from '@/lib/contracts/mcp-servers'

export type SecretKind = 'env' | 'headers'

export interface SecretRow {
  /** React key only. */
  rowId: string
  name: string
  value: string
  /** The server already holds a value for this name (which it never sends back). */
  stored: boolean
}

export interface ServerForm {
  id: string
  name: string
  description: string
  enabled: boolean
  loadToolsOnDemand: boolean
  /** Runs share one connection, kept open between them (not with loadToolsOnDemand). */
  shareConnection: boolean
  transport: McpTransport
  command: string
  args: string[]
  cwd: string
  url: string
  env: SecretRow[]
  headers: SecretRow[]
}

export const TRANSPORT_OPTIONS: ReadonlyArray<{ value: McpTransport; label: string }> = [
  { value: 'stdio', label: 'stdio (local command)' },
  { value: 'http', label: 'Streamable HTTP' },
  { value: 'websocket', label: 'WebSocket' },
]

export function secretKindFor(transport: McpTransport): SecretKind {
  return transport === 'stdio' ? 'env' : 'headers'
}

let nextRow = 0
export function secretRow(name = '', stored = false): SecretRow {
  nextRow += 1
  return { rowId: `row-${nextRow}`, name, value: '', stored }
}

export function emptyServerForm(): ServerForm {
  return {
    id: '',
    name: '',
    description: '',
    enabled: true,
    loadToolsOnDemand: false,
    shareConnection: false,
    transport: 'stdio',
    command: '',
    args: [],
    cwd: '',
    url: '',
    env: [],
    headers: [],
  }
}

/** A suggested id for a name ("My Files!" → "my-files"), for as long as the person has not typed one. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '')
}

export function formFromServer(server: McpServerDetail): ServerForm {
  const stdio = server.transport === 'stdio' && server.config && 'command' in server.config ? server.config : undefined
  const remote = server.transport !== 'stdio' && server.config && 'url' in server.config ? server.config : undefined
  return {
    id: server.id,
    name: server.name,
    description: server.description,
    enabled: server.enabled,
    loadToolsOnDemand: server.loadToolsOnDemand,
    shareConnection: server.shareConnection,
    transport: server.transport,
    command: stdio?.command ?? '',
    args: stdio ? [...stdio.args] : [],
    cwd: stdio?.cwd ?? '',
    url: remote?.url ?? '',
    env: server.secretKeys.env.map((name) => secretRow(name, true)),
    headers: server.secretKeys.headers.map((name) => secretRow(name, true)),
  }
}

/** The transports the person may pick: stdio only for those who may configure it (or to keep a stdio server as it is). */
export function transportOptions(stdio: StdioAccess | null, current: McpTransport | undefined) {
  if (stdio === null || stdio.canConfigure || current === 'stdio') return TRANSPORT_OPTIONS
  return TRANSPORT_OPTIONS.filter((option) => option.value !== 'stdio')
}

export function initialForm(server: McpServerDetail | undefined, stdio: StdioAccess | null): ServerForm {
  if (server) return formFromServer(server)
  const form = emptyServerForm()
  return stdio && !stdio.canConfigure ? { ...form, transport: 'http' } : form
}

export function commandHelp(stdio: StdioAccess | null): string {
  const base = 'A command on PATH (e.g. "node", "uvx") or an absolute path. It is started directly, never through a shell.'
  if (!stdio?.allowedCommands) return base
  return `${base} This deployment allows: ${stdio.allowedCommands.join(', ')}.`
}

function configOf(form: ServerForm): StdioConfig | UrlConfig {
  if (form.transport !== 'stdio') return { url: form.url.trim() }
  const cwd = form.cwd.trim()
  // An empty row is a row the person added and left; not an intended empty argument.
  return { command: form.command.trim(), args: form.args.filter((arg) => arg !== ''), ...(cwd ? { cwd } : {}) }
}

function namedRows(rows: readonly SecretRow[]): SecretRow[] {
  return rows.filter((row) => row.name.trim() !== '')
}

export function createRequest(form: ServerForm): Record<string, unknown> {
  const kind = secretKindFor(form.transport)
  const values = Object.fromEntries(namedRows(form[kind]).map((row) => [row.name.trim(), row.value]))
  return {
    id: form.id.trim(),
    name: form.name,
    description: form.description,
    enabled: form.enabled,
    loadToolsOnDemand: form.loadToolsOnDemand,
    shareConnection: form.shareConnection,
    transport: form.transport,
    config: configOf(form),
    secrets: { [kind]: values },
  }
}

/** Typed values set keys, stored rows left empty keep theirs, stored names no longer listed are removed. */
function secretsPatch(rows: readonly SecretRow[], storedNames: readonly string[]): Record<string, string | null> {
  const patch: Record<string, string | null> = {}
  const kept = new Set<string>()
  for (const row of namedRows(rows)) {
    const name = row.name.trim()
    if (row.stored) kept.add(name)
    if (!row.stored || row.value !== '') patch[name] = row.value
  }
  for (const name of storedNames) if (!kept.has(name) && !(name in patch)) patch[name] = null
  return patch
}

export function updateRequest(form: ServerForm, original: McpServerDetail): Record<string, unknown> {
  const kind = secretKindFor(form.transport)
  const secrets = secretsPatch(form[kind], original.secretKeys[kind])
  return {
    name: form.name,
    description: form.description,
    enabled: form.enabled,
    loadToolsOnDemand: form.loadToolsOnDemand,
    shareConnection: form.shareConnection,
    transport: form.transport,
    config: configOf(form),
    ...(Object.keys(secrets).length > 0 ? { secrets: { [kind]: secrets } } : {}),
  }
}

export type FormField = 'id' | 'name' | 'description' | 'transport' | 'command' | 'args' | 'cwd' | 'url' | 'env' | 'headers' | 'config'

/** The first message the API gave for each field. */
export type FieldErrors = Partial<Record<FormField, string>>

/** Changes some fields of the form, leaving the others as they are. */
export type FormChange = (change: Partial<ServerForm>) => void

const FIELD_BY_PATH: ReadonlyArray<[RegExp, FormField]> = [
  [/^config\.command/, 'command'],
  [/^config\.args/, 'args'],
  [/^config\.cwd/, 'cwd'],
  [/^config\.url/, 'url'],
  [/^config/, 'config'],
  [/^secrets\.env/, 'env'],
  [/^secrets\.headers/, 'headers'],
  [/^(id|name|description|transport)$/, 'id'],
]

function fieldOf(path: string): FormField | undefined {
  for (const [pattern, field] of FIELD_BY_PATH) {
    if (!pattern.test(path)) continue
    return field === 'id' ? (path as FormField) : field
  }
  return undefined
}

/**
 * The messages of a 400's `details.issues` that no form field takes, so that the form says them
 * once on their own; an answer without issues has none here (its message is the whole story).
 */
export function unplacedIssues(details: unknown): string[] {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues
  if (!Array.isArray(issues)) return []
  return (issues as Array<{ path?: unknown; message?: unknown }>).flatMap((issue) =>
    typeof issue?.message === 'string' && (typeof issue.path !== 'string' || !fieldOf(issue.path)) ? [issue.message] : [],
  )
}

/** The first message per form field, from a 400's `details.issues` (`[{ path: 'config.url', message }]`). */
export function fieldErrorsFrom(details: unknown): FieldErrors {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues
  if (!Array.isArray(issues)) return {}
  const errors: FieldErrors = {}
  for (const issue of issues as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof issue?.path !== 'string' || typeof issue.message !== 'string') continue
    const field = fieldOf(issue.path)
    if (field && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}
