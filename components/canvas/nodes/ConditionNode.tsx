'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { NodeData } from '@/lib/graph/node-data'
import type { CanvasNode } from '../adapter'
import { NODE_REGISTRY } from '../node-kinds'
import { BaseNode } from './BaseNode'

/** A condition: the expression of each case. */
export const ConditionNode = memo(function ConditionNode({ id, data, selected }: NodeProps<CanvasNode>) {
  const definition = NODE_REGISTRY.condition
  const condition = data as NodeData<'condition'>
  return (
    <BaseNode
      id={id}
      kind="condition"
      title={definition.title(condition)}
      selected={selected}
      inputs={definition.inputs(condition)}
      outputs={definition.outputs(condition)}
    >
      <ul className="space-y-0.5 font-mono text-[10.5px] text-zinc-500">
        {condition.cases.map((c) => (
          <li key={c.id} className="truncate" title={c.expression}>
            {c.expression || '—'}
          </li>
        ))}
      </ul>
    </BaseNode>
  )
})
