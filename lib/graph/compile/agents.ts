/**
 * Turning agent settings (an inline agent node's, or a saved agent's definition) into lib/core
 * Agents: the client comes from the registry, the generation settings become the agent's default
 * options (with the structured-output format), tools are resolved by name (function tools) and id
 * (MCP servers, narrowed to the tools chosen per server), and approval modes are applied per agent
 * and per tool. File access and skills arrive as context providers.
 */
import {
  Agent,
  buildPrefixedMcpName,
  isToolProvider,
  normalizeMcpName,
  normalizeToolNamePrefix,
  type ChatOptions,
  type ContextProvider,
  type FunctionTool,
  type ResponseFormat,
  type ToolLike,
  type ToolProvider,
} from '@/lib/core'
import { GraphCompileError } from '../errors'
import type { AgentSettings, ModelSettings, StructuredOutput, ToolApprovalMode } from '../node-data'
import { fieldsToJsonSchema, jsonSchemaProblem } from '../structured-output'
import type { CompileRegistry } from './registry'

export interface BuildAgentOptions {
  id: string
  /** Who the settings belong to, in error messages ("Agent node x"). */
  where: string
  /** A saved agent's own API key (sealed at rest), for its client. */
  apiKey?: string
  /** More providers after the skills and file access (a stored conversation's history). */
  contextProviders?: ContextProvider[]
  /** The agent talks in a stored conversation (a conversation turn, a workflow run's agent node). */
  inConversation?: boolean
}

/**
 * Whether the settings keep a conversation on the service: asked for, on the Responses API (the
 * Chat Completions API keeps nothing; the demo model neither).
 */
export function keepsConversationOnService(settings: Pick<AgentSettings, 'keepConversationOnService' | 'model'>): boolean {
  return settings.keepConversationOnService && (settings.model.provider === 'openai' || settings.model.provider === 'default')
}

export function buildAgent(settings: AgentSettings, registry: CompileRegistry, options: BuildAgentOptions): Agent {
  const client = registry.chatClient(settings.model, options.apiKey === undefined ? undefined : { apiKey: options.apiKey })
  const contextProviders = [
    resolveSkills(settings, registry, options.where),
    resolveFileAccess(settings, registry, options.where),
    ...(options.contextProviders ?? []),
  ].filter((provider): provider is ContextProvider => provider !== undefined)
  const defaultOptions = modelOptions(settings.model)
  const responseFormat = responseFormatOf(settings.structuredOutput, options.where)
  if (responseFormat) defaultOptions.responseFormat = responseFormat
  if (options.inConversation && keepsConversationOnService(settings)) defaultOptions.store = true
  return new Agent({
    client,
    id: options.id,
    name: settings.name.trim() || options.id,
    instructions: settings.instructions.trim() || undefined,
    tools: resolveTools(settings, registry, options.where),
    contextProviders: contextProviders.length > 0 ? contextProviders : undefined,
    defaultOptions,
  })
}

function resolveTools(settings: AgentSettings, registry: CompileRegistry, where: string): ToolLike[] {
  const tools: ToolLike[] = []
  for (const name of settings.functionTools) {
    const tool = registry.functionTool(name)
    if (!tool) throw new GraphCompileError(`${where} uses the function tool "${name}", which is not registered.`)
    tools.push(tool)
  }
  for (const id of settings.mcpServerIds) {
    const chosen = settings.mcpTools[id]
    tools.push(chosen === undefined ? registry.mcpServer(id) : onlyChosenTools(registry.mcpServer(id), id, chosen))
  }
  const perTool = settings.toolApprovals
  const agentMode = settings.toolApprovalMode
  if (agentMode === 'default' && Object.keys(perTool).length === 0) return tools
  return overrideApprovalModes(tools, (tool) => perTool[tool.name] ?? (agentMode === 'default' ? undefined : agentMode))
}

/**
 * The server's tools the person chose (by the server's own names; the model sees them prefixed
 * with the server id). Read through on every access: the server's list may change between turns.
 */
function onlyChosenTools(provider: ToolProvider, serverId: string, chosen: readonly string[]): ToolProvider {
  const prefix = normalizeToolNamePrefix(serverId)
  const allowed = new Set(chosen.flatMap((name) => [name, buildPrefixedMcpName(normalizeMcpName(name), prefix)]))
  return {
    get functions() {
      return provider.functions.filter((tool) => allowed.has(tool.name))
    },
  }
}

function resolveSkills(settings: AgentSettings, registry: CompileRegistry, where: string): ContextProvider | undefined {
  if (settings.skillIds.length === 0) return undefined
  if (!registry.skills) throw new GraphCompileError(`${where} uses skills, but skills are not available here.`)
  return registry.skills(settings.skillIds)
}

function resolveFileAccess(settings: AgentSettings, registry: CompileRegistry, where: string): ContextProvider | undefined {
  if (!settings.fileAccess.enabled) return undefined
  if (!registry.fileAccess) throw new GraphCompileError(`${where} is given file access, but file access is not available here.`)
  return registry.fileAccess(settings.fileAccess, where)
}

/**
 * Each tool keeps its behaviour but reports the node's approval mode. The view is a prototype
 * child of the original, so the original (perhaps shared by other agents) is never changed.
 */
export function overrideApprovalMode(tools: ToolLike[], mode: ToolApprovalMode): ToolLike[] {
  if (mode === 'default') return tools
  return overrideApprovalModes(tools, () => mode)
}

/** The same, with a mode chosen per tool (undefined: the tool keeps its own). */
function overrideApprovalModes(tools: ToolLike[], modeOf: (tool: FunctionTool) => Exclude<ToolApprovalMode, 'default'> | undefined): ToolLike[] {
  const views = new WeakMap<FunctionTool, FunctionTool>()
  const view = (tool: FunctionTool): FunctionTool => {
    const mode = modeOf(tool)
    if (mode === undefined) return tool
    let derived = views.get(tool)
    if (!derived) {
      derived = Object.create(tool, { approvalMode: { value: mode, writable: true, enumerable: true } }) as FunctionTool
      views.set(tool, derived)
    }
    return derived
  }
  return tools.map((tool): ToolLike => {
    if (!isToolProvider(tool)) return view(tool)
    const provider: ToolProvider = tool
    // Read through on every access: an MCP server's tool list may change between turns.
    return {
      get functions() {
        return provider.functions.map(view)
      },
    }
  })
}

/**
 * The node's model, temperature, maxTokens and reasoning effort as the agent's default chat
 * options. Reasoning effort has no ChatOptions field: it goes in the body as each API names it.
 */
export function modelOptions(settings: ModelSettings): ChatOptions {
  const options: ChatOptions = {}
  if (settings.model !== undefined) options.model = settings.model
  if (settings.temperature !== undefined) options.temperature = settings.temperature
  if (settings.maxTokens !== undefined) options.maxTokens = settings.maxTokens
  if (settings.reasoningEffort !== undefined) options.additional = reasoningEffortFields(settings.provider, settings.reasoningEffort)
  return options
}

/** Reasoning effort as each API names it; Gemini's thinking settings differ per model generation, so it is not sent there. */
function reasoningEffortFields(
  provider: ModelSettings['provider'],
  effort: NonNullable<ModelSettings['reasoningEffort']>,
): Record<string, unknown> | undefined {
  switch (provider) {
    case 'openai_chat':
    case 'azure_openai':
    case 'ollama':
      return { reasoning_effort: effort }
    case 'anthropic':
      return { output_config: { effort: effort === 'minimal' ? 'low' : effort } }
    case 'gemini':
    case 'demo':
      return undefined
    default:
      return { reasoning: { effort } }
  }
}

/** The response format for the agent's structured-output settings, or undefined for plain text. */
export function responseFormatOf(settings: StructuredOutput, where: string): ResponseFormat | undefined {
  const name = settings.name || 'response'
  if (settings.mode === 'fields') {
    if (settings.fields.length === 0) throw new GraphCompileError(`${where} asks for a structured reply but has no fields.`)
    return { type: 'json_schema', name, schema: fieldsToJsonSchema(settings.fields) }
  }
  if (settings.mode === 'json_schema') {
    const problem = jsonSchemaProblem(settings.schema)
    if (problem) throw new GraphCompileError(`${where}: ${problem}`)
    return { type: 'json_schema', name, schema: JSON.parse(settings.schema) as Record<string, unknown> }
  }
  return undefined
}
