/**
 * Every node kind's UI half, one file each (node-kinds/<kind>.ts, as lib/graph/node-kinds/<kind>.ts): the single
 * description that the palette, the node components, the inspector, the validation display and the adapter all read.
 * `satisfies NodeRegistry` makes a missing kind a compile error.
 */
import { NODE_KINDS, type NodeKind } from '@/lib/graph/node-data'
import { startKind } from './start'
import { agentKind } from './agent'
import { agentRefKind } from './agent-ref'
import { conditionKind } from './condition'
import { fanOutKind } from './fan-out'
import { fanInKind } from './fan-in'
import { transformKind } from './transform'
import { humanInputKind } from './human-input'
import { outputKind } from './output'
import { subWorkflowKind } from './sub-workflow'
import { sequentialKind } from './sequential'
import { concurrentKind } from './concurrent'
import { groupChatKind } from './group-chat'
import { magenticKind } from './magentic'
import { handoffKind } from './handoff'
import type { NodeCategory, NodeDefinition, NodeRegistry } from './definition'

export { CATEGORY_LABELS, type NodeCategory, type NodeDefinition, type NodeRegistry, type NodeTone } from './definition'

export const NODE_REGISTRY = {
  start: startKind,
  agent: agentKind,
  agent_ref: agentRefKind,
  condition: conditionKind,
  fan_out: fanOutKind,
  fan_in: fanInKind,
  transform: transformKind,
  human_input: humanInputKind,
  output: outputKind,
  sub_workflow: subWorkflowKind,
  sequential: sequentialKind,
  concurrent: concurrentKind,
  group_chat: groupChatKind,
  magentic: magenticKind,
  handoff: handoffKind,
} satisfies NodeRegistry
export function nodeDefinition<K extends NodeKind>(kind: K): NodeDefinition<K> {
  return (NODE_REGISTRY as NodeRegistry)[kind]
}

/** Kinds in palette order, grouped by category. */
export function paletteGroups(): Array<{ category: NodeCategory; kinds: NodeKind[] }> {
  const order: NodeCategory[] = ['flow', 'agents', 'logic', 'orchestrations']
  return order.map((category) => ({ category, kinds: NODE_KINDS.filter((kind) => NODE_REGISTRY[kind].category === category) }))
}
