'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { OrchestrationKind } from '@/lib/graph/node-data'
import type { CanvasNodeOf } from '../adapter'
import { nodeDefinition } from '../node-kinds'
import { BaseNode } from './BaseNode'

/** An orchestration: its participants. */
export const OrchestrationNode = memo(function OrchestrationNode({ id, type: kind, data, selected }: NodeProps<CanvasNodeOf<OrchestrationKind>>) {
  const definition = nodeDefinition(kind)
  const participants = data.participants
  return (
    <BaseNode id={id} kind={kind} title={definition.title(data)} selected={selected} inputs={definition.inputs(data)} outputs={definition.outputs(data)}>
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
