'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'
import type { CanvasNode } from '../adapter'
import { NODE_REGISTRY, type NodeDefinition } from '../node-kinds'
import { BaseNode } from './BaseNode'

/** An orchestration: its participants. */
export const OrchestrationNode = memo(function OrchestrationNode({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const kind = type as NodeKind
  const definition = NODE_REGISTRY[kind] as unknown as NodeDefinition<NodeKind>
  const participants = (data as { participants: Array<{ id: string; name: string }> }).participants
  return (
    <BaseNode
      id={id}
      kind={kind}
      title={definition.title(data as NodeData)}
      selected={selected}
      inputs={definition.inputs(data as NodeData)}
      outputs={definition.outputs(data as NodeData)}
    >
      {participants.length === 0 ? (
        <p className="text-zinc-500">No participants yet</p>
      ) : (
        <div className="flex flex-wrap gap-1">
          {participants.map((participant) => (
            <span key={participant.id} className="rounded-full bg-violet-50 px-2 py-0.5 text-[10px] text-violet-700">
              {participant.name || participant.id}
            </span>
          ))}
        </div>
      )}
    </BaseNode>
  )
})
