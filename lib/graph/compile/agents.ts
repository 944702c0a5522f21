/**
 * Turning agent settings from the document into lib/core Agents: the client comes from the
 * registry, the node's generation settings become the agent's default options, tools are resolved by name (function
 * tools) and id (MCP servers), and the node's tool approval mode overrides the tools' own.
 */
import { Agent, isToolProvider, type ChatOptions, type ContextProvider, type FunctionTool, type ToolLike, type ToolProvider } from '@/lib/core'
import { GraphCompileError } from '../errors'
import type { AgentSettings, ModelSettings, ToolApprovalMode } from '../node-data'
import type { CompileRegistry } from './registry'

/** `contextProviders`: more providers after the skills (a stored conversation's history). */
export function buildAgent(
  settings: AgentSettings,
  registry: CompileRegistry,
  options: { id: string; where: string; contextProviders?: ContextProvider[] },
): Agent {
  const client = registry.chatClient(settings.model)
  const skills = resolveSkills(settings, registry, options.where)
  const contextProviders = [...(skills ? [skills] : []), ...(options.contextProviders ?? [])]
  return new Agent({
    client,
    id: options.id,
    name: settings.name.trim() || options.id,
    instructions: settings.instructions.trim() || undefined,
    tools: resolveTools(settings, registry, options.where),
    contextProviders: contextProviders.length > 0 ? contextProviders : undefined,
    defaultOptions: modelOptions(settings.model),
  })
}

function resolveTools(settings: AgentSettings, registry: CompileRegistry, where: string): ToolLike[] {
  const tools: ToolLike[] = []
  for (const name of settings.functionTools) {
    const tool = registry.functionTool(name)
    if (!tool) throw new GraphCompileError(`${where} uses the function tool "${name}", which is not registered.`)
    tools.push(tool)
  }
  for (const id of settings.mcpServerIds) tools.push(registry.mcpServer(id))
  return overrideApprovalMode(tools, settings.toolApprovalMode)
}

function resolveSkills(settings: AgentSettings, registry: CompileRegistry, where: string) {
  if (settings.skillIds.length === 0) return undefined
  if (!registry.skills) throw new GraphCompileError(`${where} uses skills, but skills are not available here.`)
  return registry.skills(settings.skillIds)
}

/**
 * Each tool keeps its behaviour but reports the node's approval mode. The view is a prototype
 * child of the original, so the original (perhaps shared by other agents) is never changed.
 */
export function overrideApprovalMode(tools: ToolLike[], mode: ToolApprovalMode): ToolLike[] {
  if (mode === 'default') return tools
  const views = new WeakMap<FunctionTool, FunctionTool>()
  const view = (tool: FunctionTool): FunctionTool => {
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

/** The node's model, temperature and maxTokens as the agent's default chat options. */
export function modelOptions(settings: ModelSettings): ChatOptions {
  const options: ChatOptions = {}
  if (settings.model !== undefined) options.model = settings.model
  if (settings.temperature !== undefined) options.temperature = settings.temperature
  if (settings.maxTokens !== undefined) options.maxTokens = settings.maxTokens
  return options
}
