import type { NodeTypes } from '@xyflow/react'
import type { NodeKind } from '@/lib/graph/node-data'
import { MemoAgentNode, MemoConditionNode, MemoGenericNode, MemoOrchestrationNode } from './nodes/kind-nodes'

/** Module scope on purpose: React Flow re-mounts every node when this object's identity changes. */
export const nodeTypes = {
  start: MemoGenericNode,
  agent: MemoAgentNode,
  condition: MemoConditionNode,
  fan_out: MemoGenericNode,
  fan_in: MemoGenericNode,
  transform: MemoGenericNode,
  human_input: MemoGenericNode,
  output: MemoGenericNode,
  sub_workflow: MemoGenericNode,
  sequential: MemoOrchestrationNode,
  concurrent: MemoOrchestrationNode,
  group_chat: MemoOrchestrationNode,
  magentic: MemoOrchestrationNode,
  handoff: MemoOrchestrationNode,
} satisfies Record<NodeKind, NodeTypes[string]>
