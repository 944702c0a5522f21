/**
 * The `data` of every node kind the canvas can place: the shared agent settings (agent-settings.ts)
 * and each kind's own schema (node-kinds/<kind>.ts), gathered for the editor, compile() and the
 * document schema. The inferred output types are what compile() and the editor use.
 */
import type { z } from 'zod'
import { NODE_KIND_DEFINITIONS, type NodeData } from './node-kinds'
import type { NodeKind } from './node-kinds/definition'

export * from './agent-settings'
export { NODE_KINDS, ORCHESTRATION_KINDS, isOrchestrationKind } from './node-kinds/definition'
export type { NodeKind, OrchestrationKind } from './node-kinds/definition'
export type { NodeData, NodeDataByKind } from './node-kinds'
export { AgentDataSchema } from './node-kinds/agent'
export { AgentRefDataSchema } from './node-kinds/agent-ref'
export { ConditionCaseSchema, ConditionDataSchema, DEFAULT_CASE_HANDLE } from './node-kinds/condition'
export type { ConditionCase } from './node-kinds/condition'
export { ConcurrentDataSchema } from './node-kinds/concurrent'
export { FanInDataSchema } from './node-kinds/fan-in'
export { FanOutDataSchema } from './node-kinds/fan-out'
export { GroupChatDataSchema } from './node-kinds/group-chat'
export { HandoffDataSchema, HandoffRuleSchema } from './node-kinds/handoff'
export { HumanInputDataSchema } from './node-kinds/human-input'
export { MagenticDataSchema } from './node-kinds/magentic'
export { OutputDataSchema } from './node-kinds/output'
export { SequentialDataSchema } from './node-kinds/sequential'
export { StartDataSchema } from './node-kinds/start'
export { SubWorkflowDataSchema } from './node-kinds/sub-workflow'
export { TransformDataSchema } from './node-kinds/transform'

type DataSchemas = { [K in NodeKind]: (typeof NODE_KIND_DEFINITIONS)[K]['dataSchema'] }

/** The data schema of each kind; the canvas registry and the document schema are built from this map. */
export const NODE_DATA_SCHEMAS = Object.fromEntries(
  Object.entries(NODE_KIND_DEFINITIONS).map(([kind, definition]) => [kind, definition.dataSchema]),
) as DataSchemas satisfies Record<NodeKind, z.ZodType>

/** Default data for a freshly placed node of `kind` (every default filled in). */
export function defaultNodeData<K extends NodeKind>(kind: K): NodeData<K> {
  return NODE_DATA_SCHEMAS[kind].parse({}) as NodeData<K>
}
