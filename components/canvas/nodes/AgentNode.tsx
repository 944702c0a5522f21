'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { CanvasNodeOf } from '../adapter'
import { NODE_REGISTRY } from '../node-kinds'
import { BaseNode } from './BaseNode'
import { NodeSummary } from './NodeSummary'

/** An agent: its instructions, its model and its first tools. */
export const AgentNode = memo(function AgentNode({ id, data: agent, selected }: NodeProps<CanvasNodeOf<'agent'>>) {
  const definition = NODE_REGISTRY.agent
  const tools = [...agent.mcpServerIds.map((server) => `MCP: ${server}`), ...agent.functionTools]
  return (
    <BaseNode id={id} kind="agent" title={definition.title(agent)} selected={selected} inputs={definition.inputs(agent)} outputs={definition.outputs(agent)}>
      <NodeSummary lines={definition.summary(agent).slice(0, 1)} />
      <div className="mt-1.5 flex flex-wrap gap-1">
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-[10px] text-zinc-600">{agent.model.model ?? agent.model.provider}</span>
        {tools.slice(0, 3).map((tool) => (
          <span key={tool} className="max-w-full truncate rounded bg-indigo-50 px-1.5 py-0.5 text-[10px] text-indigo-700">
            {tool}
          </span>
        ))}
        {tools.length > 3 ? <span className="text-[10px] text-zinc-500">+{tools.length - 3}</span> : null}
      </div>
    </BaseNode>
  )
})
