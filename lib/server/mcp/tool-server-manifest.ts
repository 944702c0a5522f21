/**
 * ToolingManifest.json: a list of tool servers (`{ "mcpServers": [ … ] }`) as written by the Agent 365
 * tooling. An entry names its server with `mcpServerName` and/or `mcpServerUniqueName` (the name
 * wins for display, the unique name for identity) and gives a `url`, or leaves the URL to be built
 * from a configured base (`<serverUrlBase>/<uniqueName>`). Optional `headers` (often an
 * Authorization) become the server's secrets. Other fields (audience, scope, …) are ignored.
 *
 * Parsing is all-or-nothing: every problem is collected, and any problem rejects the manifest with
 * a ToolingManifestError that lists them, so an import never half-happens.
 *
 * Limits: at most 500 entries (MAX_MANIFEST_ENTRIES), names of at most 200 characters, URLs of
 * 4,000, descriptions of 2,000, nesting of 64 levels; headers as for any MCP server.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { z } from 'zod'
import { safeText } from '@/lib/contracts/safe-text'
import { MAX_JSON_DEPTH, isTooDeeplyNested } from '../json-limits'
import { newServerIdSchema, secretsInput, urlConfigSchema, type ManifestProblem } from '@/lib/contracts/mcp-servers'
import { UserError } from '@/lib/core'

export const TOOLING_MANIFEST_FILE_NAME = 'ToolingManifest.json'

export interface ToolServerEntry {
  /** The McpServer id: the unique name made safe for ids and tool-name prefixes. */
  id: string
  name: string
  uniqueName: string
  url: string
  headers: Record<string, string>
  description: string
}

export interface ParseManifestOptions {
  /** Base URL for entries without a `url`: the entry's URL is `<serverUrlBase>/<uniqueName>`. */
  serverUrlBase?: string
}

/** The most servers one manifest may list. */
export const MAX_MANIFEST_ENTRIES = 500
/** The longest server name or unique name (the MCP server API's limit for names). */
export const MAX_MANIFEST_NAME_LENGTH = 200

// Names, headers and descriptions follow the rules of the MCP server API: an imported server must
// be one that could have been created (and can be edited) there.
const manifestName = safeText().trim().min(1, 'must not be empty').max(MAX_MANIFEST_NAME_LENGTH)
const entrySchema = z
  .object({
    mcpServerName: manifestName.optional(),
    mcpServerUniqueName: manifestName.optional(),
    url: safeText().trim().max(4_000).optional(),
    headers: secretsInput.shape.headers,
    description: safeText().max(2_000).optional(),
  })
  .passthrough()

/** The longest id MCP_SERVER_ID_PATTERN allows. */
const ID_LENGTH = 63

/** `mcp_MailTools` → `mcp_mailtools`; characters other than letters, digits, `_` and `-` become `-`. */
export function toolServerId(uniqueName: string): string {
  return uniqueName
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, ID_LENGTH)
    .replace(/[-_]+$/, '')
}

/** Why `id` cannot be a server id (the API's rule: MCP_SERVER_ID_PATTERN, not reserved), or undefined. */
function serverIdProblem(id: string, uniqueName: string): string | undefined {
  if (id === '') return `'${uniqueName}' has no letters or digits to make a server id from.`
  const parsed = newServerIdSchema.safeParse(id)
  if (parsed.success) return undefined
  return `'${uniqueName}' would get the server id '${id}': ${parsed.error.issues[0]?.message ?? 'not a valid server id.'} Give it another mcpServerUniqueName.`
}

function serverUrl(raw: string | undefined, uniqueName: string, base: string | undefined): { url?: string; problem?: string } {
  const candidate = raw ?? (base ? `${base.replace(/\/+$/, '')}/${encodeURIComponent(uniqueName)}` : undefined)
  if (candidate === undefined) return { problem: `has no 'url', and no server URL base is configured to build one for '${uniqueName}'.` }
  if (!urlConfigSchema.safeParse({ url: candidate }).success) return { problem: `'${candidate}' is not a valid URL.` }
  const protocol = new URL(candidate).protocol
  if (protocol !== 'http:' && protocol !== 'https:') return { problem: `'${candidate}' must use http or https.` }
  return { url: candidate }
}

function parseEntry(raw: unknown, index: number, options: ParseManifestOptions, problems: ManifestProblem[]): ToolServerEntry | undefined {
  const at = `mcpServers[${index}]`
  const parsed = entrySchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ path: [at, ...issue.path.map(String)].join('.'), message: issue.message })
    return undefined
  }
  const { mcpServerName, mcpServerUniqueName, headers, description } = parsed.data
  const name = mcpServerName ?? mcpServerUniqueName
  const uniqueName = mcpServerUniqueName ?? mcpServerName
  if (!name || !uniqueName) {
    problems.push({ path: at, message: 'Either mcpServerName or mcpServerUniqueName must be provided.' })
    return undefined
  }
  const id = toolServerId(uniqueName)
  const idProblem = serverIdProblem(id, uniqueName)
  if (idProblem) {
    problems.push({ path: at, message: idProblem })
    return undefined
  }
  const { url, problem } = serverUrl(parsed.data.url, uniqueName, options.serverUrlBase)
  if (!url) {
    problems.push({ path: parsed.data.url === undefined ? at : `${at}.url`, message: problem as string })
    return undefined
  }
  return { id, name, uniqueName, url, headers, description: description ?? `MCP tools from ${name}` }
}

/** Parses a manifest (its JSON text or the parsed value); throws ToolingManifestError listing every problem. */
export function parseToolingManifest(input: string | unknown, options: ParseManifestOptions = {}): ToolServerEntry[] {
  let document: unknown = input
  if (typeof input === 'string') {
    if (isTooDeeplyNested(input)) {
      throw new ToolingManifestError([{ path: '', message: `${TOOLING_MANIFEST_FILE_NAME} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` }])
    }
    try {
      document = JSON.parse(input)
    } catch (error) {
      throw new ToolingManifestError([{ path: '', message: `${TOOLING_MANIFEST_FILE_NAME} is not valid JSON: ${(error as Error).message}` }])
    }
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ToolingManifestError([{ path: '', message: 'The manifest must be a JSON object with an "mcpServers" list.' }])
  }
  const list = (document as { mcpServers?: unknown }).mcpServers
  if (!Array.isArray(list)) throw new ToolingManifestError([{ path: 'mcpServers', message: 'must be a list of tool servers.' }])
  if (list.length > MAX_MANIFEST_ENTRIES) {
    throw new ToolingManifestError([
      { path: 'mcpServers', message: `lists ${list.length} tool servers; at most ${MAX_MANIFEST_ENTRIES} can be imported at once.` },
    ])
  }

  const problems: ManifestProblem[] = []
  const entries: ToolServerEntry[] = []
  const seen = new Map<string, number>()
  list.forEach((raw, index) => {
    const entry = parseEntry(raw, index, options, problems)
    if (!entry) return
    const first = seen.get(entry.id)
    if (first !== undefined) {
      problems.push({ path: `mcpServers[${index}]`, message: `'${entry.uniqueName}' is the same server as mcpServers[${first}] (id '${entry.id}').` })
      return
    }
    seen.set(entry.id, index)
    entries.push(entry)
  })
  if (problems.length > 0) throw new ToolingManifestError(problems)
  return entries
}

/**
 * Where a manifest is looked for, in order: the working directory, then the directory of the
 * started script (`process.argv[1]`), as the Agent 365 tooling does in development.
 */
export function manifestSearchLocations(cwd: string = process.cwd(), entryScript: string | undefined = process.argv[1]): string[] {
  // turbopackIgnore: a file of the deployment looked for at run time; the build must not trace the project for it.
  const locations = [join(resolve(/*turbopackIgnore: true*/ cwd), TOOLING_MANIFEST_FILE_NAME)]
  if (entryScript) locations.push(join(dirname(resolve(/*turbopackIgnore: true*/ entryScript)), TOOLING_MANIFEST_FILE_NAME))
  return [...new Set(locations)]
}

/** Reads and parses the first manifest found; undefined when there is none. */
export async function readToolingManifest(
  locations: readonly string[] = manifestSearchLocations(),
  options: ParseManifestOptions = {},
): Promise<{ path: string; servers: ToolServerEntry[] } | undefined> {
  for (const path of locations) {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    return { path, servers: parseToolingManifest(text, options) }
  }
  return undefined
}

/** A ToolingManifest.json that cannot be imported; `problems` lists every rule broken. */
export class ToolingManifestError extends UserError {
  override readonly code: string = 'tooling_manifest_invalid'
  readonly problems: ManifestProblem[]

  constructor(problems: ManifestProblem[]) {
    const summary = problems
      .slice(0, 3)
      .map((p) => (p.path ? `${p.path}: ${p.message}` : p.message))
      .join('; ')
    super(`The tool-server manifest cannot be imported: ${summary}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`)
    this.problems = problems
  }
}
