'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { CanvasNodeOf } from '../adapter'
import { NODE_REGISTRY } from '../node-kinds'
import { BaseNode } from './BaseNode'

/** A condition: the expression of each case. */
export const ConditionNode = memo(function ConditionNode({ id, data: condition, selected }: NodeProps<CanvasNodeOf<'condition'>>) {
  const definition = NODE_REGISTRY.condition
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
