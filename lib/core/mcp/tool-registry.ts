import type { Prompt, Tool as MCPToolDefinition } from '@modelcontextprotocol/sdk/types.js'
import { ToolExecutionException } from '../errors'
import type { ApprovalMode, FunctionTool } from '../tools/function-tool'
import type { JSONSchema } from '../types'
import { errorName, type MCPLogger } from './logger'
import { validateMcpMeta, type MCPMeta } from './meta'
import { buildPrefixedMcpName, normalizeMcpName } from './names'

/**
 * The FunctionTools an MCPTool exposes, and what was recorded per remote tool at listing time
 * (tools/list `_meta`, `execution.taskSupport`, declared parameter names). Names are recorded
 * before the already-loaded skip so reloads keep them; the maps are replaced after a full
 * listing. Function tools are never removed on reload.
 */

export type MCPApprovalMode = ApprovalMode | { alwaysRequireApproval?: readonly string[]; neverRequireApproval?: readonly string[] }

export type TaskSupport = 'forbidden' | 'optional' | 'required'

export const MCP_REMOTE_NAME_KEY = 'mcpRemoteName'
export const MCP_NORMALIZED_NAME_KEY = 'mcpNormalizedName'

export interface FunctionSpec {
  kind: 'tool' | 'prompt'
  remoteName: string
  localName: string
  normalizedName: string
  description: string
  inputSchema: JSONSchema
  approvalMode: ApprovalMode
}

export interface ToolRegistryOptions {
  prefix: string | undefined
  approvalMode: MCPApprovalMode | undefined
  allowedTools: readonly string[] | undefined
  logger: MCPLogger
  createFunction: (spec: FunctionSpec) => FunctionTool
}

/** State gathered over the pages of one tools/list. */
export interface ToolListing {
  remoteByLocal: Map<string, string>
  metaByTool: Map<string, MCPMeta>
  taskSupportByTool: Map<string, TaskSupport>
  declaredByTool: Map<string, ReadonlySet<string>>
}

export class ToolRegistry {
  private readonly all: FunctionTool[] = []
  private exposedCache: FunctionTool[] | undefined
  private readonly remoteByLocal = new Map<string, string>()
  private readonly allowed: ReadonlySet<string> | undefined
  private metaByTool: ReadonlyMap<string, MCPMeta> = new Map()
  private taskSupportByTool: ReadonlyMap<string, TaskSupport> = new Map()
  private remoteNames: ReadonlySet<string> = new Set()
  private readonly options: ToolRegistryOptions

  constructor(options: ToolRegistryOptions) {
    this.options = options
    this.allowed = options.allowedTools ? new Set(options.allowedTools) : undefined
  }

  /** The FunctionTools an agent uses, filtered by `allowedTools`. */
  get functions(): FunctionTool[] {
    this.exposedCache ??= this.all.filter((fn) => this.isAllowed(fn))
    return this.exposedCache
  }

  toolMeta(remoteName: string): MCPMeta | undefined {
    return this.metaByTool.get(remoteName)
  }

  taskSupport(remoteName: string): TaskSupport | undefined {
    return this.taskSupportByTool.get(remoteName)
  }

  /** The remote name for a remote or local (prefixed, normalized) name. */
  resolveRemoteName(name: string): string {
    if (this.remoteNames.has(name)) return name
    return this.remoteByLocal.get(name) ?? name
  }

  beginToolListing(): ToolListing {
    const remoteByLocal = new Map<string, string>()
    for (const fn of this.all) {
      const remote = fn.additionalProperties[MCP_REMOTE_NAME_KEY]
      if (fn.additionalProperties.mcpKind === 'tool' && typeof remote === 'string') remoteByLocal.set(fn.name, remote)
    }
    return { remoteByLocal, metaByTool: new Map(), taskSupportByTool: new Map(), declaredByTool: new Map() }
  }

  absorbToolPage(listing: ToolListing, tools: readonly MCPToolDefinition[]): void {
    for (const tool of tools) {
      this.recordToolFacts(listing, tool)
      const inputSchema = normalizedInputSchema(tool.inputSchema)
      listing.declaredByTool.set(tool.name, declaredParameterNames(inputSchema))

      const normalizedName = normalizeMcpName(tool.name)
      const localName = buildPrefixedMcpName(normalizedName, this.options.prefix)
      const existingRemote = listing.remoteByLocal.get(localName)
      if (existingRemote !== undefined) {
        if (existingRemote !== tool.name) {
          throw new ToolExecutionException(
            `MCP server advertised multiple tools that map to the same local function name: '${existingRemote}' and '${tool.name}' both map to '${localName}'.`,
          )
        }
        continue
      }
      listing.remoteByLocal.set(localName, tool.name)
      this.add({
        kind: 'tool',
        remoteName: tool.name,
        localName,
        normalizedName,
        description: tool.description ?? '',
        inputSchema,
        approvalMode: this.approvalModeFor(localName, normalizedName, tool.name),
      })
    }
  }

  /** Installs the recorded facts of a complete listing; returns the declared parameter names. */
  finishToolListing(listing: ToolListing): ReadonlyMap<string, ReadonlySet<string>> {
    for (const [local, remote] of listing.remoteByLocal) this.remoteByLocal.set(local, remote)
    this.metaByTool = listing.metaByTool
    this.taskSupportByTool = listing.taskSupportByTool
    this.remoteNames = new Set(listing.declaredByTool.keys())
    return listing.declaredByTool
  }

  absorbPrompts(prompts: readonly Prompt[]): void {
    const existing = new Set(this.all.map((fn) => fn.name))
    for (const prompt of prompts) {
      const normalizedName = normalizeMcpName(prompt.name)
      const localName = buildPrefixedMcpName(normalizedName, this.options.prefix)
      if (existing.has(localName)) continue
      existing.add(localName)
      this.add({
        kind: 'prompt',
        remoteName: prompt.name,
        localName,
        normalizedName,
        description: prompt.description ?? '',
        inputSchema: promptInputSchema(prompt),
        approvalMode: this.approvalModeFor(localName, normalizedName, prompt.name),
      })
    }
  }

  private add(spec: FunctionSpec): void {
    this.all.push(this.options.createFunction(spec))
    this.exposedCache = undefined
  }

  private recordToolFacts(listing: ToolListing, tool: MCPToolDefinition): void {
    if (tool._meta !== undefined) {
      try {
        listing.metaByTool.set(tool.name, validateMcpMeta(tool._meta) ?? {})
      } catch (error) {
        this.options.logger.warn(`Ignoring tools/list _meta of MCP tool '${tool.name}': ${errorName(error)}.`)
      }
    }
    const taskSupport = tool.execution?.taskSupport
    if (taskSupport !== undefined) listing.taskSupportByTool.set(tool.name, taskSupport)
  }

  private isAllowed(fn: FunctionTool): boolean {
    return !this.allowed || matchesConfiguredName(fn, this.allowed)
  }

  private approvalModeFor(...candidates: string[]): ApprovalMode {
    const mode = this.options.approvalMode
    if (mode === undefined) return 'never_require'
    if (typeof mode === 'string') return mode
    if (mode.alwaysRequireApproval?.some((name) => candidates.includes(name))) return 'always_require'
    return 'never_require'
  }
}

/**
 * Whether a configured name (`allowedTools`, `alwaysLoad`) selects `fn`: its raw remote name always,
 * its local (prefixed) name only when the remote name is already normalized, so a normalized alias
 * never selects a different remote tool.
 */
export function matchesConfiguredName(fn: FunctionTool, names: ReadonlySet<string>): boolean {
  const remote = fn.additionalProperties[MCP_REMOTE_NAME_KEY] as string
  if (names.has(remote)) return true
  return fn.additionalProperties[MCP_NORMALIZED_NAME_KEY] === remote && names.has(fn.name)
}

/** Object schemas without `properties` get `{}` (some model APIs reject them otherwise). */
export function normalizedInputSchema(schema: MCPToolDefinition['inputSchema'] | undefined): JSONSchema {
  const copy: JSONSchema = { ...(schema ?? {}) }
  if (copy.type === 'object' && copy.properties === undefined) copy.properties = {}
  return copy
}

export function declaredParameterNames(schema: JSONSchema): ReadonlySet<string> {
  const properties = schema.properties
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return new Set()
  return new Set(Object.keys(properties))
}

function promptInputSchema(prompt: Prompt): JSONSchema {
  if (!prompt.arguments || prompt.arguments.length === 0) return { type: 'object', properties: {} }
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  for (const argument of prompt.arguments) {
    properties[argument.name] = { type: 'string', description: argument.description ?? '' }
    if (argument.required) required.push(argument.name)
  }
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties }
}
