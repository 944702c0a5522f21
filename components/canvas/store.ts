/**
 * The canvas store: one zustand store per open canvas (created by CanvasStoreProvider), holding
 * React Flow's nodes and edges plus the undo log. Every change a person makes goes through a
 * Command (history.ts) so it can be undone; selection and measured sizes are not recorded.
 */
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange, type XYPosition } from '@xyflow/react'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { GraphDocument } from '@/lib/graph/document'
import type { GraphProblem } from '@/lib/graph/problems'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'
import { canvasToDocument, decorateEdge, documentToCanvas, type CanvasEdge, type CanvasNode } from './adapter'
import { applyCommand, emptyHistory, record, redo as redoHistory, undo as undoHistory, type Command, type History } from './history'
import { nextEdgeId, nextNodeId } from './ids'
import { NODE_REGISTRY } from './node-registry'

export interface CanvasInit {
  workflowId: string
  name: string
  document: GraphDocument
  /** The latest saved version number, or null before the first save. */
  version: number | null
}

export interface CanvasState {
  workflowId: string
  name: string
  nodes: CanvasNode[]
  edges: CanvasEdge[]
  history: History
  version: number | null
  /** JSON of the last saved document; the canvas is dirty when its document differs. */
  savedFingerprint: string
  /** Problems the server answered a save with (400 invalid_graph); cleared by the next change. */
  serverProblems: GraphProblem[]

  onNodesChange: (changes: NodeChange<CanvasNode>[]) => void
  onEdgesChange: (changes: EdgeChange<CanvasEdge>[]) => void
  onConnect: (connection: Connection) => void
  addNode: (kind: NodeKind, position: XYPosition) => string | undefined
  updateNodeData: (nodeId: string, data: NodeData, mergeKey?: string) => void
  /** Several changes as one undo step, e.g. removing a condition case together with its edges. */
  updateNodeDataAndRemoveEdges: (nodeId: string, data: NodeData, edgeIds: string[]) => void
  setEdgeCondition: (edgeId: string, condition: string | undefined) => void
  deleteElements: (nodeIds: string[], edgeIds: string[]) => void
  deleteSelection: () => void
  moveNodes: (positions: Record<string, XYPosition>) => void
  selectOnly: (target: { nodeId?: string; edgeId?: string }) => void
  undo: () => void
  redo: () => void
  setName: (name: string) => void
  markSaved: (version: number, document: GraphDocument) => void
  setServerProblems: (problems: GraphProblem[]) => void
  toDocument: () => GraphDocument
}

export type CanvasStore = StoreApi<CanvasState>

export function documentFingerprint(document: GraphDocument): string {
  return JSON.stringify(document)
}

export function createCanvasStore(init: CanvasInit): CanvasStore {
  const { nodes, edges } = documentToCanvas(init.document)
  return createStore<CanvasState>()((set, get) => {
    /** Applies a command to the graph and records it for undo. */
    const execute = (command: Command) => {
      const state = get()
      const graph = applyCommand({ nodes: state.nodes, edges: state.edges }, command)
      set({ ...graph, history: record(state.history, command), serverProblems: [] })
    }

    const removalCommand = (nodeIds: ReadonlySet<string>, edgeIds: ReadonlySet<string>): Command | undefined => {
      const { nodes, edges } = get()
      const removedNodes = nodes.flatMap((node, index) => (nodeIds.has(node.id) ? [{ node, index }] : []))
      // Edges attached to a removed node go with it.
      const removedEdges = edges.flatMap((edge, index) =>
        edgeIds.has(edge.id) || nodeIds.has(edge.source) || nodeIds.has(edge.target) ? [{ edge, index }] : [],
      )
      if (removedNodes.length === 0 && removedEdges.length === 0) return undefined
      return { type: 'remove', nodes: removedNodes, edges: removedEdges }
    }

    return {
      workflowId: init.workflowId,
      name: init.name,
      nodes,
      edges,
      history: emptyHistory,
      version: init.version,
      savedFingerprint: documentFingerprint(canvasToDocument(nodes, edges)),
      serverProblems: [],

      onNodesChange: (changes) => {
        const moves: Record<string, { from: XYPosition; to: XYPosition }> = {}
        const removed = new Set<string>()
        const passThrough: NodeChange<CanvasNode>[] = []
        const byId = new Map(get().nodes.map((node) => [node.id, node]))
        for (const change of changes) {
          if (change.type === 'position' && change.position) {
            const node = byId.get(change.id)
            if (node) moves[change.id] = { from: node.position, to: change.position }
            passThrough.push({ ...change, position: undefined })
          } else if (change.type === 'remove') {
            removed.add(change.id)
          } else {
            passThrough.push(change)
          }
        }
        if (passThrough.length > 0) set({ nodes: applyNodeChanges(passThrough, get().nodes) })
        if (Object.keys(moves).length > 0) execute({ type: 'move', moves })
        if (removed.size > 0) {
          const command = removalCommand(removed, new Set())
          if (command) execute(command)
        }
      },

      onEdgesChange: (changes) => {
        const removed = new Set(changes.flatMap((change) => (change.type === 'remove' ? [change.id] : [])))
        const rest = changes.filter((change) => change.type !== 'remove')
        if (rest.length > 0) set({ edges: applyEdgeChanges(rest, get().edges) })
        if (removed.size > 0) {
          const command = removalCommand(new Set(), removed)
          if (command) execute(command)
        }
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
        const { nodes } = get()
        if (definition.singleton && nodes.some((node) => node.type === kind)) return undefined
        const id = nextNodeId(kind, new Set(nodes.map((node) => node.id)))
        const node: CanvasNode = { id, type: kind, position, data: definition.defaultData() as NodeData, selected: true }
        const deselected = nodes.map((n) => (n.selected ? { ...n, selected: false } : n))
        set({ nodes: deselected, edges: get().edges.map((e) => (e.selected ? { ...e, selected: false } : e)) })
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
        const removal = removalCommand(new Set(), new Set(edgeIds))
        if (removal) commands.push(removal)
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

      deleteElements: (nodeIds, edgeIds) => {
        const command = removalCommand(new Set(nodeIds), new Set(edgeIds))
        if (command) execute(command)
      },

      deleteSelection: () => {
        const { nodes, edges } = get()
        get().deleteElements(
          nodes.filter((node) => node.selected).map((node) => node.id),
          edges.filter((edge) => edge.selected).map((edge) => edge.id),
        )
      },

      moveNodes: (positions) => {
        const moves: Record<string, { from: XYPosition; to: XYPosition }> = {}
        for (const node of get().nodes) {
          const to = positions[node.id]
          if (to && (to.x !== node.position.x || to.y !== node.position.y)) moves[node.id] = { from: node.position, to }
        }
        // A layout is one step of its own, never merged into a preceding drag.
        if (Object.keys(moves).length > 0) execute({ type: 'batch', commands: [{ type: 'move', moves }] })
      },

      selectOnly: ({ nodeId, edgeId }) => {
        set({
          nodes: get().nodes.map((node) => (Boolean(node.selected) === (node.id === nodeId) ? node : { ...node, selected: node.id === nodeId })),
          edges: get().edges.map((edge) => (Boolean(edge.selected) === (edge.id === edgeId) ? edge : { ...edge, selected: edge.id === edgeId })),
        })
      },

      undo: () => {
        const state = get()
        const result = undoHistory(state.history, { nodes: state.nodes, edges: state.edges })
        if (result) set({ ...result.graph, history: result.history, serverProblems: [] })
      },

      redo: () => {
        const state = get()
        const result = redoHistory(state.history, { nodes: state.nodes, edges: state.edges })
        if (result) set({ ...result.graph, history: result.history, serverProblems: [] })
      },

      setName: (name) => set({ name }),

      markSaved: (version, document) => set({ version, savedFingerprint: documentFingerprint(document), serverProblems: [] }),

      setServerProblems: (problems) => set({ serverProblems: problems }),

      toDocument: () => canvasToDocument(get().nodes, get().edges),
    }
  })
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

export function selectIsDirty(state: Pick<CanvasState, 'nodes' | 'edges' | 'savedFingerprint'>): boolean {
  return documentFingerprint(canvasToDocument(state.nodes, state.edges)) !== state.savedFingerprint
}
