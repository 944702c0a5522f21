import { ToolExecutionException } from '../errors'
import type { FunctionInvocationContext } from '../middleware'
import type { FunctionInvocationOptions, FunctionTool } from '../tools/function-tool'
import { tool } from '../tools/tool'
import type { JSONSchema } from '../types'
import { buildPrefixedMcpName } from './names'
import { MCP_REMOTE_NAME_KEY, matchesConfiguredName } from './tool-registry'

/**
 * Progressive disclosure of an MCP server's tools (`useProgressiveDisclosure`). Instead of every
 * allowed remote tool, the agent first sees three loader tools — list_mcp_tools, load_tool and
 * unload_tool, prefixed like the server's tools — plus the tools named in `alwaysLoad`. load_tool
 * offers the selected FunctionTools through the invocation context (from the next model iteration
 * on) and remembers them on the MCPTool, so they stay offered in later runs (an approval answered in
 * a new run still finds its tool); unload_tool withdraws them again. Only tools that pass
 * `allowedTools` can be listed or loaded. Outcomes the model can act on come back as text, one
 * line per requested tool.
 */

export const LIST_MCP_TOOLS_TOOL_NAME = 'list_mcp_tools'
export const LOAD_TOOL_TOOL_NAME = 'load_tool'
export const UNLOAD_TOOL_TOOL_NAME = 'unload_tool'

export const PROGRESSIVE_DISCLOSURE_REQUIRES_LOAD_TOOLS = 'useProgressiveDisclosure requires loadTools: true.'
const NO_TOOLS_REQUESTED = 'No MCP tools requested.'
const BAD_REQUEST = 'Progressive MCP tool request must be a string or a list of strings.'

export interface ProgressiveDisclosureOptions {
  /** The normalized `toolNamePrefix` (the loader tools are prefixed like the server's tools). */
  prefix: string | undefined
  alwaysLoad: readonly string[] | undefined
  /** The server's functions that pass `allowedTools` (tools and prompts), read fresh on every use. */
  catalog: () => FunctionTool[]
  /** Called after load_tool or unload_tool changed what the MCPTool offers. */
  onSurfaceChanged: () => void
}

/** One entry of list_mcp_tools' answer. */
export interface ListedMCPTool {
  name: string
  remote_name: string
  description: string
  parameters: JSONSchema
  approval_mode: string
  loaded: boolean
  always_loaded: boolean
}

type Resolution = { fn: FunctionTool } | { problem: string }

export class ProgressiveDisclosure {
  readonly loaderTools: readonly FunctionTool[]
  private readonly loaderNames: ReadonlySet<string>
  private readonly alwaysLoad: ReadonlySet<string>
  /** Local names of the tools load_tool added, kept across runs until unload_tool removes them. */
  private readonly loaded = new Set<string>()
  private readonly options: ProgressiveDisclosureOptions
  private surfaceCache: { catalog: FunctionTool[]; loadedVersion: number; functions: FunctionTool[] } | undefined
  private loadedVersion = 0

  constructor(options: ProgressiveDisclosureOptions) {
    this.options = options
    this.alwaysLoad = new Set(options.alwaysLoad ?? [])
    const listName = buildPrefixedMcpName(LIST_MCP_TOOLS_TOOL_NAME, options.prefix)
    const loadName = buildPrefixedMcpName(LOAD_TOOL_TOOL_NAME, options.prefix)
    const unloadName = buildPrefixedMcpName(UNLOAD_TOOL_TOOL_NAME, options.prefix)
    this.loaderNames = new Set([listName, loadName, unloadName])
    this.loaderTools = [
      tool({
        name: listName,
        description: 'List the MCP tools that can be loaded from this server.',
        parameters: { type: 'object', properties: {} },
        approvalMode: 'never_require',
        execute: (_args, { context }) => this.list(context),
      }),
      tool({
        name: loadName,
        description: 'Load an MCP tool from this server so it can be called on the next iteration.',
        parameters: toolNamesParameter('load'),
        approvalMode: 'never_require',
        execute: (args, options) => this.load(args.tool, requireContext(loadName, options)),
      }),
      tool({
        name: unloadName,
        description: 'Unload an MCP tool from this server when it is no longer relevant.',
        parameters: toolNamesParameter('unload'),
        approvalMode: 'never_require',
        execute: (args, options) => this.unload(args.tool, requireContext(unloadName, options)),
      }),
    ]
  }

  /** What the agent is offered: the loaders, then the always-loaded and loaded tools. */
  surface(): FunctionTool[] {
    const catalog = this.options.catalog()
    const cached = this.surfaceCache
    if (cached && cached.catalog === catalog && cached.loadedVersion === this.loadedVersion) return cached.functions
    const offered = catalog.filter((fn) => !this.loaderNames.has(fn.name) && (this.isAlwaysLoaded(fn) || this.loaded.has(fn.name)))
    const functions = [...this.loaderTools, ...offered]
    this.surfaceCache = { catalog, loadedVersion: this.loadedVersion, functions }
    return functions
  }

  /** list_mcp_tools: every allowed tool (loader-name collisions aside), as JSON text. */
  list(context: FunctionInvocationContext | undefined): string {
    const live = context?.tools
    const entries: ListedMCPTool[] = this.loadable().map((fn) => {
      const alwaysLoaded = this.isAlwaysLoaded(fn)
      return {
        name: fn.name,
        remote_name: remoteNameOf(fn),
        description: fn.description,
        parameters: fn.parameters(),
        approval_mode: fn.approvalMode,
        loaded: alwaysLoaded || this.loaded.has(fn.name) || (live?.includes(fn) ?? false),
        always_loaded: alwaysLoaded,
      }
    })
    return JSON.stringify(entries)
  }

  /** load_tool: offers the requested tools from the next iteration on and remembers them. */
  load(request: unknown, context: FunctionInvocationContext): string {
    const live = context.tools
    const messages: string[] = []
    const pending: FunctionTool[] = []
    for (const requested of requestedNames(request)) {
      const resolution = this.resolve(requested)
      if ('problem' in resolution) {
        messages.push(resolution.problem)
        continue
      }
      const { fn } = resolution
      if (this.loaderNames.has(fn.name)) messages.push(this.loaderCollision(fn.name))
      else if (live.includes(fn)) messages.push(`MCP tool '${fn.name}' is already available.`)
      else if (pending.includes(fn)) messages.push(`MCP tool '${fn.name}' is already queued to load.`)
      // The run's tool set would reject the duplicate name at the next iteration and end the run.
      else if (live.some((other) => other.name === fn.name)) messages.push(nameTaken(fn.name))
      else {
        pending.push(fn)
        messages.push(`Loaded MCP tool '${fn.name}'. It is available on the next model iteration.`)
      }
    }
    if (messages.length === 0) return NO_TOOLS_REQUESTED
    if (pending.length > 0) {
      context.addTools(...pending)
      for (const fn of pending) this.loaded.add(fn.name)
      this.surfaceChanged()
    }
    return messages.join('\n')
  }

  /** unload_tool: withdraws loaded tools from the next iteration on (never loaders or `alwaysLoad` tools). */
  unload(request: unknown, context: FunctionInvocationContext): string {
    const liveNames = new Set(context.tools.map((fn) => fn.name))
    const messages: string[] = []
    const pending: string[] = []
    for (const requested of requestedNames(request)) {
      if (this.loaderNames.has(requested)) {
        messages.push(`MCP loader tool '${requested}' cannot be unloaded.`)
        continue
      }
      const resolution = this.resolve(requested)
      if ('problem' in resolution) {
        messages.push(resolution.problem)
        continue
      }
      const name = resolution.fn.name
      if (this.loaderNames.has(name)) messages.push(this.loaderCollision(name))
      else if (this.isAlwaysLoaded(resolution.fn)) messages.push(`MCP tool '${name}' is configured in alwaysLoad and cannot be unloaded.`)
      else if (pending.includes(name)) messages.push(`MCP tool '${name}' is already queued to unload.`)
      else if (!this.loaded.has(name) && !liveNames.has(name)) messages.push(`MCP tool '${name}' is not currently loaded.`)
      else {
        pending.push(name)
        messages.push(`Unloaded MCP tool '${name}'. It will be removed on the next model iteration.`)
      }
    }
    if (messages.length === 0) return NO_TOOLS_REQUESTED
    if (pending.length > 0) {
      context.removeTools(...pending)
      for (const name of pending) this.loaded.delete(name)
      this.surfaceChanged()
    }
    return messages.join('\n')
  }

  /** The allowed tools the loaders work with: a tool named like a loader can never be offered. */
  private loadable(): FunctionTool[] {
    return this.options.catalog().filter((fn) => !this.loaderNames.has(fn.name))
  }

  /** A requested name is a remote name or a local (prefixed) name; it must pick exactly one allowed tool. */
  private resolve(requested: string): Resolution {
    const matches = this.options.catalog().filter((fn) => remoteNameOf(fn) === requested || fn.name === requested)
    if (matches.length === 1) return { fn: matches[0]! }
    if (matches.length > 1) return { problem: `MCP tool name '${requested}' is ambiguous.` }
    const available = this.loadable().map((fn) => fn.name)
    return { problem: `MCP tool '${requested}' is not available. Available tools: ${available.length > 0 ? available.join(', ') : 'none'}.` }
  }

  private isAlwaysLoaded(fn: FunctionTool): boolean {
    return this.alwaysLoad.size > 0 && matchesConfiguredName(fn, this.alwaysLoad)
  }

  private loaderCollision(name: string): string {
    const loaders = [...this.loaderNames].sort().join(', ')
    return `MCP tool '${name}' conflicts with progressive disclosure loader tool name(s): ${loaders}. Set toolNamePrefix or exclude the colliding MCP tool.`
  }

  private surfaceChanged(): void {
    this.loadedVersion += 1
    this.options.onSurfaceChanged()
  }
}

// anyOf, not oneOf: the two branches are disjoint anyway, and anyOf is what model APIs' schema
// subsets (OpenAI strict mode, Gemini) accept.
function toolNamesParameter(verb: 'load' | 'unload'): JSONSchema {
  return {
    type: 'object',
    properties: {
      tool: {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
        description: `The MCP tool name, or MCP tool names, to ${verb}.`,
      },
    },
    required: ['tool'],
  }
}

function requestedNames(request: unknown): string[] {
  if (typeof request === 'string') return [request]
  if (Array.isArray(request) && request.every((name) => typeof name === 'string')) return request
  throw new ToolExecutionException(BAD_REQUEST)
}

/** load_tool and unload_tool change the run's tool list, so they only work inside the agent loop. */
function requireContext(loaderName: string, options: FunctionInvocationOptions): FunctionInvocationContext {
  if (options.context) return options.context
  throw new ToolExecutionException(`${loaderName} can only be used inside an agent function-calling run.`)
}

function nameTaken(name: string): string {
  return `Cannot load MCP tool '${name}': another tool already has that name.`
}

function remoteNameOf(fn: FunctionTool): string {
  return fn.additionalProperties[MCP_REMOTE_NAME_KEY] as string
}
