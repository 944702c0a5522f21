'use client'

import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'
import type { CanvasNode } from '../adapter'
import { NODE_REGISTRY, type NodeDefinition } from '../node-registry'
import { BaseNode } from './base-node'

function Summary({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <p key={i} className={i === 0 ? 'line-clamp-2' : 'mt-1 truncate text-[11px] text-zinc-500'}>
          {line}
        </p>
      ))}
    </>
  )
}

function GenericNode({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const kind = type as NodeKind
  const definition = NODE_REGISTRY[kind] as unknown as NodeDefinition<NodeKind>
  const typed = data as NodeData
  return (
    <BaseNode id={id} kind={kind} title={definition.title(typed)} selected={selected} inputs={definition.inputs(typed)} outputs={definition.outputs(typed)}>
      <Summary lines={definition.summary(typed)} />
    </BaseNode>
  )
}

function AgentNode({ id, data, selected }: NodeProps<CanvasNode>) {
  const definition = NODE_REGISTRY.agent
  const agent = data as NodeData<'agent'>
  const tools = [...agent.mcpServerIds.map((server) => `MCP: ${server}`), ...agent.functionTools]
  return (
    <BaseNode id={id} kind="agent" title={definition.title(agent)} selected={selected} inputs={definition.inputs(agent)} outputs={definition.outputs(agent)}>
      <Summary lines={definition.summary(agent).slice(0, 1)} />
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
}

function ConditionNode({ id, data, selected }: NodeProps<CanvasNode>) {
  const definition = NODE_REGISTRY.condition
  const condition = data as NodeData<'condition'>
  return (
    <BaseNode id={id} kind="condition" title={definition.title(condition)} selected={selected} inputs={definition.inputs(condition)} outputs={definition.outputs(condition)}>
      <ul className="space-y-0.5 font-mono text-[10.5px] text-zinc-500">
        {condition.cases.map((c) => (
          <li key={c.id} className="truncate" title={c.expression}>
            {c.expression || '—'}
          </li>
        ))}
      </ul>
    </BaseNode>
  )
}

function OrchestrationNode({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const kind = type as NodeKind
  const definition = NODE_REGISTRY[kind] as unknown as NodeDefinition<NodeKind>
  const participants = (data as { participants: Array<{ id: string; name: string }> }).participants
  return (
    <BaseNode id={id} kind={kind} title={definition.title(data as NodeData)} selected={selected} inputs={definition.inputs(data as NodeData)} outputs={definition.outputs(data as NodeData)}>
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
}

export const MemoGenericNode = memo(GenericNode)
export const MemoAgentNode = memo(AgentNode)
export const MemoConditionNode = memo(ConditionNode)
export const MemoOrchestrationNode = memo(OrchestrationNode)
