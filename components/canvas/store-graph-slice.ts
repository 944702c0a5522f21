/**
 * The graph of the canvas store: React Flow's nodes and edges. Every change a person makes is a
 * Command executed through the undo log; React Flow's own bookkeeping (measured sizes, the
 * `dragging` flag, selection) is applied as it comes and never recorded.
 */
import { applyEdgeChanges, applyNodeChanges, type Connection, type NodeChange, type XYPosition } from '@xyflow/react'
import { canvasToDocument, decorateEdge, edgeToCanvas, nodeToCanvas, type CanvasEdge, type CanvasNode } from './adapter'
import { prepareFragmentForPaste } from './clipboard'
import type { CanvasGraph, Command } from './history'
import { nextEdgeId, nextNodeId } from './ids'
import { NODE_REGISTRY } from './node-kinds'
import { executeCommand } from './store-history-slice'
import { withNothingSelected } from './store-selection-slice'
import type { CanvasSlice, CanvasState, GraphSlice } from './store-types'

type Moves = Record<string, { from: XYPosition; to: XYPosition }>

/** Removing nodes takes the edges attached to them along; undefined when nothing would go. */
export function removalCommand({ nodes, edges }: CanvasGraph, nodeIds: ReadonlySet<string>, edgeIds: ReadonlySet<string>): Command | undefined {
  const removedNodes = nodes.flatMap((node, index) => (nodeIds.has(node.id) ? [{ node, index }] : []))
  const removedEdges = edges.flatMap((edge, index) => (edgeIds.has(edge.id) || nodeIds.has(edge.source) || nodeIds.has(edge.target) ? [{ edge, index }] : []))
  if (removedNodes.length === 0 && removedEdges.length === 0) return undefined
  return { type: 'remove', nodes: removedNodes, edges: removedEdges }
}

/**
 * A connection is allowed between an output and an input handle of two existing nodes, unless an
 * identical edge exists already. Self loops are allowed (validation warns about loops that never end).
 */
export function isConnectionAllowed(state: Pick<CanvasState, 'nodes' | 'edges'>, connection: Connection): boolean {
  const source = state.nodes.find((node) => node.id === connection.source)
  const target = state.nodes.find((node) => node.id === connection.target)
  if (!source || !target || target.type === 'start' || source.type === 'output') return false
  return !state.edges.some(
    (edge) =>
      edge.source === connection.source &&
      edge.target === connection.target &&
      (edge.sourceHandle ?? null) === (connection.sourceHandle ?? null) &&
      (edge.targetHandle ?? null) === (connection.targetHandle ?? null),
  )
}

/** React Flow's node changes split into what is recorded (moves, removals) and what is only applied. */
function sortNodeChanges(
  changes: NodeChange<CanvasNode>[],
  nodes: CanvasNode[],
): { moves: Moves; removed: Set<string>; passThrough: NodeChange<CanvasNode>[] } {
  const moves: Moves = {}
  const removed = new Set<string>()
  const passThrough: NodeChange<CanvasNode>[] = []
  const byId = new Map(nodes.map((node) => [node.id, node]))
  for (const change of changes) {
    if (change.type === 'position' && change.position) {
      const node = byId.get(change.id)
      if (node) moves[change.id] = { from: node.position, to: change.position }
      // The position goes through the command; the rest of the change (`dragging`) applies as is.
      passThrough.push({ ...change, position: undefined })
    } else if (change.type === 'remove') {
      removed.add(change.id)
    } else {
      passThrough.push(change)
    }
  }
  return { moves, removed, passThrough }
}

export function createGraphSlice(loaded: CanvasGraph): CanvasSlice<GraphSlice> {
  return (set, get, store) => {
    const execute = (command: Command | undefined) => {
      if (command) executeCommand(store, command)
    }
    const removal = (nodeIds: Iterable<string>, edgeIds: Iterable<string>) => removalCommand(get(), new Set(nodeIds), new Set(edgeIds))

    return {
      nodes: loaded.nodes,
      edges: loaded.edges,

      onNodesChange: (changes) => {
        const { moves, removed, passThrough } = sortNodeChanges(changes, get().nodes)
        if (passThrough.length > 0) set({ nodes: applyNodeChanges(passThrough, get().nodes) })
        if (Object.keys(moves).length > 0) execute({ type: 'move', moves })
        if (removed.size > 0) execute(removal(removed, []))
      },

      onEdgesChange: (changes) => {
        const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []))
        const rest = changes.filter((change) => change.type !== 'remove')
        if (rest.length > 0) set({ edges: applyEdgeChanges(rest, get().edges) })
        if (removed.length > 0) execute(removal([], removed))
      },

      onConnect: (connection) => {
        if (!isConnectionAllowed(get(), connection)) return
        const ids = new Set(get().edges.map((edge) => edge.id))
        const edge: CanvasEdge = decorateEdge({
          id: nextEdgeId(connection.source, connection.target, connection.sourceHandle, ids),
          source: connection.source,
          target: connection.target,
          sourceHandle: connection.sourceHandle ?? null,
          targetHandle: connection.targetHandle ?? null,
          data: {},
        })
        execute({ type: 'add', nodes: [], edges: [edge] })
      },

      addNode: (kind, position) => {
        const definition = NODE_REGISTRY[kind]
        const { nodes, edges, live } = get()
        if (live?.readOnly || (definition.singleton && nodes.some((node) => node.type === kind))) return undefined
        const id = nextNodeId(kind, new Set(nodes.map((node) => node.id)), live?.idSuffix)
        const node = { id, type: kind, position, data: definition.defaultData(), selected: true } as CanvasNode
        // The new node is the selection: the old one is let go first (not recorded, like any selection).
        set(withNothingSelected(nodes, edges))
        execute({ type: 'add', nodes: [node], edges: [] })
        return id
      },

      updateNodeData: (nodeId, data, mergeKey) => {
        const node = get().nodes.find((n) => n.id === nodeId)
        if (!node || node.data === data) return
        execute({ type: 'node_data', nodeId, before: node.data, after: data, mergeKey })
      },

      updateNodeDataAndRemoveEdges: (nodeId, data, edgeIds) => {
        const node = get().nodes.find((n) => n.id === nodeId)
        if (!node) return
        const commands: Command[] = [{ type: 'node_data', nodeId, before: node.data, after: data }]
        const removed = removal([], edgeIds)
        if (removed) commands.push(removed)
        execute({ type: 'batch', commands })
      },

      setEdgeCondition: (edgeId, condition) => {
        const edge = get().edges.find((e) => e.id === edgeId)
        if (!edge || edge.data?.condition === condition) return
        const data: Record<string, unknown> = { ...edge.data }
        if (condition === undefined) delete data.condition
        else data.condition = condition
        execute({ type: 'edge_data', edgeId, before: edge, after: decorateEdge({ ...edge, data }) })
      },

      deleteElements: (nodeIds, edgeIds) => execute(removal(nodeIds, edgeIds)),

      insertFragment: (fragment, offset) => {
        const { nodes, edges, live } = get()
        if (live?.readOnly) return []
        const singletonKinds = new Set(Object.values(NODE_REGISTRY).flatMap((definition) => (definition.singleton ? [definition.kind] : [])))
        const prepared = prepareFragmentForPaste(
          fragment,
          {
            nodes: nodes.map((node) => ({ id: node.id, kind: node.type })),
            edgeIds: edges.map((edge) => edge.id),
            singletonKinds,
            idSuffix: live?.idSuffix,
          },
          offset,
        )
        if (prepared.nodes.length === 0) return []
        // The pasted copies become the selection (not recorded, like any selection); adding them is one undo step.
        set(withNothingSelected(nodes, edges))
        execute({
          type: 'add',
          nodes: prepared.nodes.map((node) => ({ ...nodeToCanvas(node), selected: true })),
          edges: prepared.edges.map((edge) => ({ ...edgeToCanvas(edge), selected: true })),
        })
        return prepared.nodes.map((node) => node.id)
      },

      moveNodes: (positions) => {
        const moves: Moves = {}
        for (const node of get().nodes) {
          const to = positions[node.id]
          if (to && (to.x !== node.position.x || to.y !== node.position.y)) moves[node.id] = { from: node.position, to }
        }
        // A layout is one step of its own, never merged into a preceding drag.
        if (Object.keys(moves).length > 0) execute({ type: 'batch', commands: [{ type: 'move', moves }] })
      },

      toDocument: () => canvasToDocument(get().nodes, get().edges),
    }
  }
}
