'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { CanvasNode } from '../adapter'
import { nodeDefinition } from '../node-kinds'
import { BaseNode } from './BaseNode'
import { NodeSummary } from './NodeSummary'

/** Any node kind, drawn from its registry entry: title, handles and summary. */
export const GenericNode = memo(function GenericNode({ id, type: kind, data, selected }: NodeProps<CanvasNode>) {
  const definition = nodeDefinition(kind)
  return (
    <BaseNode id={id} kind={kind} title={definition.title(data)} selected={selected} inputs={definition.inputs(data)} outputs={definition.outputs(data)}>
      <NodeSummary lines={definition.summary(data)} />
    </BaseNode>
  )
})
