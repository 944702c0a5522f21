/** Executors of the agent kinds: an agent written into the document, and an agent saved on the Agents page. */
import type { Executor } from '@/lib/core'
import type { GraphNodeOf } from '../document'
import type { AgentSettings } from '../agent-settings'
import { GraphCompileError } from '../errors'
import { buildAgent } from './agents'
import { GraphAgentExecutor } from './node-executors'
import type { CompileRegistry, ResolvedAgent } from './registry'
import { ConversationAgentExecutor } from './conversation-agent-executor'

/** An agent node (inline or saved) talks in a stored conversation when the caller gives it one. */
export function agentNodeExecutor(nodeId: string, settings: AgentSettings, registry: CompileRegistry, options: { where: string; apiKey?: string }): Executor {
  const conversation = registry.agentConversation?.(nodeId)
  const build = { id: nodeId, ...options }
  if (!conversation) return new GraphAgentExecutor(buildAgent(settings, registry, build), nodeId)
  const agent = buildAgent(settings, registry, { ...build, contextProviders: [conversation.history], inConversation: true })
  return new ConversationAgentExecutor(agent, nodeId, conversation)
}

export function savedAgentNodeExecutor(node: GraphNodeOf<'agent_ref'>, registry: CompileRegistry, where: string): Executor {
  const resolved = savedAgent(node, registry, where)
  return agentNodeExecutor(node.id, resolved.settings, registry, { where: `${where} (${resolved.name})`, apiKey: resolved.apiKey })
}

/** A saved agent's version from the registry (the run service loads it beforehand, see collectAgentRefs). */
function savedAgent(node: GraphNodeOf<'agent_ref'>, registry: CompileRegistry, where: string): ResolvedAgent {
  const { agentId, version } = node.data
  const target = `agent "${agentId}"${version === undefined ? '' : ` version ${version}`}`
  if (!registry.agent) throw new GraphCompileError(`The ${where}: saved agents are not available here.`)
  const resolved = registry.agent(agentId, version)
  if (!resolved) throw new GraphCompileError(`The ${where} refers to ${target}, which does not exist.`)
  return resolved
}
