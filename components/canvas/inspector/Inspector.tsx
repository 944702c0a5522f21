'use client'

import { useCallback, useId, useMemo } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import type { NodeData } from '@/lib/graph/node-data'
import { setAt, type FieldPath } from '../inspector-fields'
import { nodeDefinition } from '../node-kinds'
import { useCanvasStore } from '../CanvasStoreProvider'
import { selectReadOnly } from '../store'
import { useCanvasProblemsContext } from '../CanvasProblemsProvider'
import { Connections } from './Connections'
import { NodeDebugSection } from './NodeDebugSection'
import { ExpressionField } from './ExpressionField'
import { FieldControl } from './FieldControl'
import { FieldProblemsProvider } from './FieldProblemsProvider'
import { dataPathOf } from './field-problem-message'
import type { CanvasEdge, CanvasNode } from '../adapter'

/** The right-hand panel: edits the selected node's data (fields from the registry) or the selected edge. */
export function Inspector() {
  const { node, edge, selectedCount } = useCanvasStore((s) => {
    const nodes = s.nodes.filter((n) => n.selected)
    const edges = s.edges.filter((e) => e.selected)
    return {
      node: nodes.length === 1 && edges.length === 0 ? nodes[0] : undefined,
      edge: edges.length === 1 && nodes.length === 0 ? edges[0] : undefined,
      selectedCount: nodes.length + edges.length,
    }
  })
  const readOnly = useCanvasStore(selectReadOnly)
  return (
    <aside data-testid="inspector" aria-label="Inspector" className="flex w-80 shrink-0 flex-col overflow-y-auto border-l border-zinc-200 bg-white">
      {/* A follower of a live canvas (runner, viewer) reads the fields and changes none. */}
      <fieldset disabled={readOnly} data-testid="inspector-fields" className="contents">
        {node ? <NodeInspector key={node.id} node={node} /> : edge ? <EdgeInspector key={edge.id} edge={edge} /> : <EmptyInspector count={selectedCount} />}
      </fieldset>
      {node ? <NodeDebugSection key={node.id} nodeId={node.id} kind={node.type} title={nodeDefinition(node.type).title(node.data)} /> : null}
    </aside>
  )
}

function EmptyInspector({ count }: { count: number }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-zinc-500">
      {count > 1 ? <p>{count} items selected. Press Delete to remove them.</p> : <p>Select a node or an edge to edit it.</p>}
      <p className="text-xs">Add nodes from the palette: drag them onto the canvas, or click one.</p>
    </div>
  )
}

function NodeInspector({ node }: { node: CanvasNode }) {
  const kind = node.type
  const definition = nodeDefinition(kind)
  const { updateNodeData, updateNodeDataAndRemoveEdges, deleteElements, edges } = useCanvasStore((s) => ({
    updateNodeData: s.updateNodeData,
    updateNodeDataAndRemoveEdges: s.updateNodeDataAndRemoveEdges,
    deleteElements: s.deleteElements,
    edges: s.edges,
  }))
  const allProblems = useCanvasProblemsContext().problems
  const problems = useMemo(() => allProblems.filter((p) => p.nodeId === node.id && !p.edgeId), [allProblems, node.id])
  // A problem of one field's value is said under that field; the list above the fields keeps the rest.
  const nodeProblems = problems.filter((p) => dataPathOf(p) === undefined)
  const data = node.data as Record<string, unknown>

  const onChange = useCallback(
    (path: FieldPath, value: unknown, options?: { mergeKey?: string; removeEdgeHandles?: string[] }) => {
      const next = setAt(data, path, value) as NodeData
      const handles = options?.removeEdgeHandles
      if (handles && handles.length > 0) {
        const removed = edges.filter((e) => e.source === node.id && e.sourceHandle && handles.includes(e.sourceHandle)).map((e) => e.id)
        updateNodeDataAndRemoveEdges(node.id, next, removed)
      } else {
        updateNodeData(node.id, next, options?.mergeKey)
      }
    },
    [data, edges, node.id, updateNodeData, updateNodeDataAndRemoveEdges],
  )

  return (
    <div className="flex flex-col">
      <header className="flex items-start justify-between gap-2 border-b border-zinc-100 px-4 py-3">
        <div className="min-w-0">
          <h2 className="truncate text-sm font-semibold text-zinc-900">{definition.title(node.data)}</h2>
          <p className="mt-0.5 text-xs text-zinc-500">{definition.description}</p>
        </div>
        <Badge tone="neutral" data-testid="inspector-kind">
          {definition.label}
        </Badge>
      </header>
      {nodeProblems.length > 0 ? (
        <ul className="flex flex-col gap-1 border-b border-zinc-100 px-4 py-2">
          {nodeProblems.map((problem, i) => (
            <li key={i} className={problem.severity === 'error' ? 'text-xs text-red-700' : 'text-xs text-amber-800'}>
              {problem.severity === 'error' ? 'Error: ' : 'Warning: '}
              {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <FieldProblemsProvider problems={problems}>
        <form className="flex flex-col gap-4 px-4 py-4" onSubmit={(e) => e.preventDefault()}>
          {definition.fields.map((field) => (
            <FieldControl key={field.id} field={field} data={data} onChange={onChange} />
          ))}
        </form>
      </FieldProblemsProvider>
      <Connections node={node} />
      <footer className="flex items-center justify-between border-t border-zinc-100 px-4 py-3 text-xs text-zinc-500">
        <span>
          id <code className="font-mono">{node.id}</code>
        </span>
        <Button size="sm" variant="danger" data-testid="inspector-delete" onClick={() => deleteElements([node.id], [])}>
          Delete node
        </Button>
      </footer>
    </div>
  )
}

function EdgeInspector({ edge }: { edge: CanvasEdge }) {
  const id = useId()
  const { source, target, setEdgeCondition, deleteElements } = useCanvasStore((s) => ({
    source: s.nodes.find((n) => n.id === edge.source),
    target: s.nodes.find((n) => n.id === edge.target),
    setEdgeCondition: s.setEdgeCondition,
    deleteElements: s.deleteElements,
  }))
  const title = (node: CanvasNode | undefined) => (node ? nodeDefinition(node.type).title(node.data) : '?')
  const fromCondition = source?.type === 'condition'
  const condition = edge.data?.condition
  return (
    <div className="flex flex-col">
      <header className="border-b border-zinc-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-zinc-900">Edge</h2>
        <p className="mt-0.5 text-xs text-zinc-500">
          {title(source)} → {title(target)}
          {edge.sourceHandle ? ` (${edge.sourceHandle})` : ''}
        </p>
      </header>
      <div className="flex flex-col gap-3 px-4 py-4">
        {fromCondition ? (
          <p className="text-sm text-zinc-600">This edge is chosen by the condition’s case. Edit the cases on the condition node.</p>
        ) : condition === undefined ? (
          <Button data-testid="inspector-add-condition" onClick={() => setEdgeCondition(edge.id, 'true')}>
            Add a condition
          </Button>
        ) : (
          <>
            <ExpressionField
              id={id}
              testId="inspector-condition"
              label="Only when (CEL)"
              help="The message passes only when this is true. The message is `input`."
              placeholder='input.contains("yes")'
              value={condition}
              onChange={(value) => setEdgeCondition(edge.id, value)}
            />
            <Button size="sm" variant="ghost" onClick={() => setEdgeCondition(edge.id, undefined)}>
              Remove condition
            </Button>
          </>
        )}
      </div>
      <footer className="flex justify-end border-t border-zinc-100 px-4 py-3">
        <Button size="sm" variant="danger" data-testid="inspector-delete" onClick={() => deleteElements([], [edge.id])}>
          Delete edge
        </Button>
      </footer>
    </div>
  )
}
