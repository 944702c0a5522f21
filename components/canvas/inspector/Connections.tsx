'use client'

import { useId, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Select } from '@/components/ui/Select'
import type { NodeKind } from '@/lib/graph/node-data'
import type { CanvasNode } from '../adapter'
import { nodeDefinition, type NodeDefinition } from '../node-kinds'
import { connectionCandidates } from './connection-candidates'
import { useCanvasStore } from '../CanvasStoreProvider'

function definitionOf(node: CanvasNode): NodeDefinition<NodeKind> {
  return nodeDefinition(node.type)
}

/**
 * The selected node's outgoing connections, and a way to add one without dragging: the keyboard
 * path to everything a handle drag does.
 */
export function Connections({ node }: { node: CanvasNode }) {
  const id = useId()
  const { nodes, edges, onConnect, deleteElements } = useCanvasStore((s) => ({
    nodes: s.nodes,
    edges: s.edges,
    onConnect: s.onConnect,
    deleteElements: s.deleteElements,
  }))
  const definition = definitionOf(node)
  const outputs = definition.outputs(node.data)
  const [handle, setHandle] = useState<string>(outputs[0]?.id ?? '')
  const [target, setTarget] = useState('')
  if (outputs.length === 0) return null

  const sourceHandle = outputs.length > 1 || outputs[0]?.id ? handle || outputs[0]?.id || null : null
  const candidates = connectionCandidates(nodes, edges, node.id, sourceHandle)
  const outgoing = edges.filter((edge) => edge.source === node.id)
  const titleOf = (nodeId: string) => {
    const found = nodes.find((n) => n.id === nodeId)
    return found ? definitionOf(found).title(found.data) : nodeId
  }
  const handleLabel = (handleId: string | null | undefined) => outputs.find((o) => o.id === handleId)?.label

  return (
    <section className="flex flex-col gap-2 border-t border-zinc-100 px-4 py-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-xs font-medium text-zinc-600">
        Connections
      </h3>
      {outgoing.length === 0 ? <p className="text-xs text-zinc-500">Nothing follows this node yet.</p> : null}
      <ul className="flex flex-col gap-1">
        {outgoing.map((edge) => (
          <li key={edge.id} className="flex items-center justify-between gap-2 text-sm text-zinc-700">
            <span className="truncate">
              {handleLabel(edge.sourceHandle) ? <span className="text-zinc-500">{handleLabel(edge.sourceHandle)} → </span> : '→ '}
              {titleOf(edge.target)}
              {edge.data?.condition ? <span className="ml-1 font-mono text-xs text-zinc-500">if {edge.data.condition}</span> : null}
            </span>
            <Button size="sm" variant="ghost" aria-label={`Remove connection to ${titleOf(edge.target)}`} onClick={() => deleteElements([], [edge.id])}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-1.5">
        {outputs.length > 1 ? (
          <Select
            aria-label="From output"
            data-testid="inspector-connect-handle"
            className="h-8 w-28"
            options={outputs.map((o) => ({ value: o.id ?? '', label: o.label ?? o.id ?? 'Output' }))}
            value={handle}
            onChange={(e) => setHandle(e.target.value)}
          />
        ) : null}
        <Select
          aria-label="Connect to"
          data-testid="inspector-connect-target"
          className="h-8 min-w-0 flex-1"
          options={[{ value: '', label: 'Connect to…' }, ...candidates.map((c) => ({ value: c.id, label: `${definitionOf(c).title(c.data)} (${c.id})` }))]}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        <Button
          size="sm"
          data-testid="inspector-connect-add"
          disabled={!target}
          onClick={() => {
            onConnect({ source: node.id, target, sourceHandle, targetHandle: null })
            setTarget('')
          }}
        >
          Add
        </Button>
      </div>
    </section>
  )
}
