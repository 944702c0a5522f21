/**
 * Every node kind's definition, keyed by kind. The `satisfies` makes a kind without a definition,
 * a definition under the wrong key or one missing a part a compile error; everything that differs
 * by kind (document schema, handles, validation, references, TypeScript export) looks the kind up here.
 */
import type { z } from 'zod'
import { agentKind } from './agent'
import { agentRefKind } from './agent-ref'
import { concurrentKind } from './concurrent'
import { conditionKind } from './condition'
import type { NodeKind, NodeKindDefinition } from './definition'
import { fanInKind } from './fan-in'
import { fanOutKind } from './fan-out'
import { groupChatKind } from './group-chat'
import { handoffKind } from './handoff'
import { humanInputKind } from './human-input'
import { magenticKind } from './magentic'
import { outputKind } from './output'
import { sequentialKind } from './sequential'
import { startKind } from './start'
import { subWorkflowKind } from './sub-workflow'
import { transformKind } from './transform'

export const NODE_KIND_DEFINITIONS = {
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
} satisfies { [K in NodeKind]: NodeKindDefinition<K> }

export type NodeDataByKind = { [K in NodeKind]: z.output<(typeof NODE_KIND_DEFINITIONS)[K]['dataSchema']> }
export type NodeData<K extends NodeKind = NodeKind> = NodeDataByKind[K]

/**
 * The definition of a node's kind, to call with that node's data. Typed for any kind: TypeScript
 * cannot tie a looked-up definition to the data of a node whose kind is only known at run time.
 */
export function nodeKindDefinition(kind: NodeKind): NodeKindDefinition<NodeKind, z.ZodType<NodeData>> {
  return NODE_KIND_DEFINITIONS[kind] as never
}
