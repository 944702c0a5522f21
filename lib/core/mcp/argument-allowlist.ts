import { isForwardedArgument } from './forwarded-arguments'
import { validateMcpMeta, type MCPMeta } from './meta'

/**
 * Which arguments reach an MCP server. Only a tool's declared parameters (its
 * `inputSchema.properties`) and names the user opted in at construction are forwarded;
 * framework runtime kwargs merged into a call are stripped, so a new framework kwarg can
 * never leak to a third-party server. There is no per-call override: a model-issued call
 * cannot change which names pass.
 */

export { MCP_FRAMEWORK_DENYLIST } from './forwarded-arguments'

/** `'*'` is the global key of the mapping form. */
export type AdditionalToolArgumentNames = string | readonly string[] | Readonly<Record<string, string | readonly string[]>>

export interface NormalizedArgumentNames {
  global: ReadonlySet<string>
  perTool: ReadonlyMap<string, ReadonlySet<string>>
}

const GLOBAL_KEY = '*'

function toNameSet(value: string | readonly string[]): Set<string> {
  return typeof value === 'string' ? new Set([value]) : new Set(value)
}

export function normalizeAdditionalToolArgumentNames(names: AdditionalToolArgumentNames | null | undefined): NormalizedArgumentNames {
  if (names === undefined || names === null) return { global: new Set(), perTool: new Map() }
  if (typeof names === 'string' || Array.isArray(names)) {
    return { global: toNameSet(names as string | readonly string[]), perTool: new Map() }
  }
  let global = new Set<string>()
  const perTool = new Map<string, ReadonlySet<string>>()
  for (const [key, value] of Object.entries(names as Record<string, string | readonly string[]>)) {
    if (key === GLOBAL_KEY) global = toNameSet(value)
    else perTool.set(key, toNameSet(value))
  }
  return { global, perTool }
}

export interface PreparedCall {
  arguments: Record<string, unknown>
  meta: MCPMeta | undefined
}

/** Supplies trace-context keys (e.g. `traceparent`) for `_meta`; returns nothing when no span is active. */
export type TraceMetaProvider = () => Record<string, string> | undefined

const NO_NAMES: ReadonlySet<string> = new Set()

export class ToolArgumentAllowlist {
  private readonly extras: NormalizedArgumentNames
  /** Declared parameter names per remote tool name; replaced wholesale after each full listing. */
  private declaredByTool: ReadonlyMap<string, ReadonlySet<string>> = new Map()

  constructor(additionalNames?: AdditionalToolArgumentNames | null) {
    this.extras = normalizeAdditionalToolArgumentNames(additionalNames)
  }

  setDeclaredParameters(declaredByTool: ReadonlyMap<string, ReadonlySet<string>>): void {
    this.declaredByTool = declaredByTool
  }

  declaredParameters(toolName: string): ReadonlySet<string> {
    return this.declaredByTool.get(toolName) ?? NO_NAMES
  }

  /** Extra names allowed for a tool: global ∪ that tool's own (an unknown tool gets only the global ones). */
  extraNames(toolName: string): ReadonlySet<string> {
    const perTool = this.extras.perTool.get(toolName)
    if (!perTool) return this.extras.global
    return new Set([...this.extras.global, ...perTool])
  }

  /**
   * Filters `kwargs` to the allowlist and builds the request `_meta`:
   * user `_meta` (copied) < trace keys < the tool's tools/list `_meta`.
   */
  prepare(toolName: string, kwargs: Readonly<Record<string, unknown>>, toolListMeta?: MCPMeta, traceMeta?: TraceMetaProvider): PreparedCall {
    const userMeta = validateMcpMeta(kwargs._meta)
    const declared = this.declaredByTool.get(toolName) ?? NO_NAMES
    const globalExtras = this.extras.global
    const toolExtras = this.extras.perTool.get(toolName)
    const forwarded: Record<string, unknown> = {}
    for (const key of Object.keys(kwargs)) {
      if (key === '_meta') continue
      const optedIn = globalExtras.has(key) || (toolExtras !== undefined && toolExtras.has(key))
      if (!isForwardedArgument(key, declared, optedIn)) continue
      // Plain assignment would set the prototype for "__proto__" instead of forwarding it.
      if (key === '__proto__') Object.defineProperty(forwarded, key, { value: kwargs[key], enumerable: true, writable: true, configurable: true })
      else forwarded[key] = kwargs[key]
    }
    return { arguments: forwarded, meta: buildRequestMeta(userMeta, toolListMeta, traceMeta) }
  }
}

function buildRequestMeta(userMeta: MCPMeta | undefined, toolListMeta: MCPMeta | undefined, traceMeta: TraceMetaProvider | undefined): MCPMeta | undefined {
  let meta: MCPMeta | undefined = userMeta ? { ...userMeta } : undefined
  const trace = traceMeta?.()
  if (trace && Object.keys(trace).length > 0) meta = { ...meta, ...trace }
  if (toolListMeta) meta = { ...meta, ...toolListMeta }
  return meta
}

/**
 * What a FunctionTool wrapping an MCP tool sends: runtime kwargs merged with the model's
 * arguments (the model wins), then `_meta` taken only from the trusted runtime kwargs.
 */
export function mergeInvocationArguments(
  modelArguments: Readonly<Record<string, unknown>>,
  runtimeKwargs: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...runtimeKwargs, ...modelArguments }
  const trustedMeta = runtimeKwargs?._meta
  if (trustedMeta !== undefined && trustedMeta !== null) merged._meta = trustedMeta
  else delete merged._meta
  return merged
}
