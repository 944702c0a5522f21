'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'
import type { CanvasNode } from '../adapter'
import { NODE_REGISTRY, type NodeDefinition } from '../node-kinds'
import { BaseNode } from './BaseNode'
import { NodeSummary } from './NodeSummary'

/** Any node kind, drawn from its registry entry: title, handles and summary. */
export const GenericNode = memo(function GenericNode({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const kind = type as NodeKind
  const definition = NODE_REGISTRY[kind] as unknown as NodeDefinition<NodeKind>
  const typed = data as NodeData
  return (
    <BaseNode id={id} kind={kind} title={definition.title(typed)} selected={selected} inputs={definition.inputs(typed)} outputs={definition.outputs(typed)}>
      <NodeSummary lines={definition.summary(typed)} />
    </BaseNode>
  )
})
