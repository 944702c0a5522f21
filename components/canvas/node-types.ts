import type { NodeProps } from '@xyflow/react'
import type { ComponentType } from 'react'
import type { NodeKind } from '@/lib/graph/node-data'
import type { CanvasNodeOf } from './adapter'
import { AgentNode } from './nodes/AgentNode'
import { ConditionNode } from './nodes/ConditionNode'
import { GenericNode } from './nodes/GenericNode'
import { OrchestrationNode } from './nodes/OrchestrationNode'

/** Each kind's component takes that kind's node (so its data is typed). Module scope on purpose: React Flow re-mounts every node when this object's identity changes. */
export const nodeTypes = {
  start: GenericNode,
  agent: AgentNode,
  agent_ref: GenericNode,
  condition: ConditionNode,
  fan_out: GenericNode,
  fan_in: GenericNode,
  transform: GenericNode,
  human_input: GenericNode,
  output: GenericNode,
  sub_workflow: GenericNode,
  sequential: OrchestrationNode,
  concurrent: OrchestrationNode,
  group_chat: OrchestrationNode,
  magentic: OrchestrationNode,
  handoff: OrchestrationNode,
} satisfies { [K in NodeKind]: ComponentType<NodeProps<CanvasNodeOf<K>>> }
