/**
 * Binds a canvas store to the workflow's shared Yjs document (lib/graph/live-document.ts), for editing
 * together live:
 *
 * - what the person does (every store change that touches the graph) is written to the document as the
 *   fewest Yjs operations, in one transaction with the binding's own origin;
 * - what others do (every transaction of another origin: the provider's, the undo manager's) changes the
 *   store's nodes and edges in place, without entering any undo log, and keeps what React Flow holds of the
 *   nodes it did not touch (selection, measured size, dragging);
 * - undo and redo are the person's own: a Y.UndoManager that tracks this binding's origin only, so Ctrl+Z
 *   never takes back someone else's edit. A drag, or typing into one field, is one step, as in the store's
 *   own log (history.ts): the store still records its commands, and a command the log merged into the
 *   last one is merged into the undo manager's last step too.
 *
 * Comparing the store's graph with the document's is by reference: each canvas node's document node is
 * kept (a WeakMap), and one whose kind, position and data are unchanged is the same object as before, so
 * writeGraphChange skips it at once (a drag on a 1,000-node canvas writes one node per frame, not 1,000).
 */
import * as Y from 'yjs'
import type { GraphDocument, GraphEdge, GraphNode } from '@/lib/graph/document'
import { CURRENT_SCHEMA_VERSION } from '@/lib/graph/document'
import { isLiveDocumentSeeded, liveEdges, liveNodes, readEdge, readNode, seedLiveDocument, writeGraphChange } from '@/lib/graph/live-document'
import { canvasEdgeToGraph, canvasNodeToGraph, edgeToCanvas, nodeToCanvas, type CanvasEdge, type CanvasNode } from './adapter'
import { revertCommand, type CanvasGraph, type History } from './history'
import { liveIdSuffix } from './ids'
import { NO_SERVER_PROBLEMS, selectIsDirty } from './store-saved-state-slice'
import type { CanvasState, CanvasStore, LiveEditing } from './store-types'

export interface LiveBindingOptions {
  /** A follower (runner, viewer): the canvas shows what the others do and changes nothing. */
  readOnly?: boolean
}

export interface LiveBinding {
  /** The origin of this person's transactions (what their undo manager tracks). */
  readonly origin: object
  readonly undoManager: Y.UndoManager
  /** Follow read-only from now on, or edit again (the server's answer may come after the document). */
  setReadOnly: (readOnly: boolean) => void
  /** Unbinds: the store keeps its graph and is edited alone again (with a fresh undo log). */
  destroy: () => void
}

/** Transactions that remove edges whose ends went (one person deleted a node while another connected it). */
const CLEANUP_ORIGIN = { liveCleanup: true }

/**
 * Binds `store` to `doc`. The document is normally seeded by the server from the latest saved version; an
 * unseeded one (a test, two documents connected in memory) is seeded from the store. Changes the person made
 * before the document arrived (since the store's last saved document) are written on top of it.
 */
export function bindCanvasStoreToLiveDocument(store: CanvasStore, doc: Y.Doc, options: LiveBindingOptions = {}): LiveBinding {
  const origin = { liveBinding: doc.clientID }
  const nodesMap = liveNodes(doc)
  const edgesMap = liveEdges(doc)
  const mirror = new DocumentMirror()
  let readOnly = options.readOnly === true
  let applyingRemote = false

  // Captured steps end only where the store's log starts a new command (stopCapturing below), never by time.
  const undoManager = new Y.UndoManager([nodesMap, edgesMap], { trackedOrigins: new Set([origin]), captureTimeout: Number.POSITIVE_INFINITY })

  const initial = store.getState()
  if (!isLiveDocumentSeeded(doc)) seedLiveDocument(doc, initial.savedDocument, CLEANUP_ORIGIN)
  mirror.document = initial.savedDocument
  if (readOnly) mirror.of(initial.nodes, initial.edges)
  else writePendingChanges(doc, mirror, initial, undoManager, origin)

  const liveState = (): LiveEditing => ({
    readOnly,
    idSuffix: liveIdSuffix(doc.clientID),
    canUndo: !readOnly && undoManager.canUndo(),
    canRedo: !readOnly && undoManager.canRedo(),
    undo: () => {
      if (!readOnly) undoManager.undo()
    },
    redo: () => {
      if (!readOnly) undoManager.redo()
    },
  })
  const publishLive = () => store.setState({ live: liveState() })

  /** Puts what the document now holds of these nodes and edges into the store (nothing recorded for undo). */
  const applyFromDocument = (nodeIds: Set<string>, edgeIds: Set<string>) => {
    if (nodeIds.size === 0 && edgeIds.size === 0) return
    const state = store.getState()
    const nodes = nodeIds.size > 0 ? mergeItems(state.nodes, nodeIds, (id) => readEntry(nodesMap, id, readNode), mergeNode, nodeToCanvas) : state.nodes
    const edges = edgeIds.size > 0 ? mergeItems(state.edges, edgeIds, (id) => readEntry(edgesMap, id, readEdge), mergeEdge, edgeToCanvas) : state.edges
    applyingRemote = true
    try {
      store.setState({ nodes, edges, serverProblems: NO_SERVER_PROBLEMS })
    } finally {
      applyingRemote = false
    }
    removeDanglingEdges()
  }

  const removeDanglingEdges = () => {
    if (readOnly) return
    const dangling = store.getState().edges.filter((edge) => !nodesMap.has(edge.source) || !nodesMap.has(edge.target))
    if (dangling.length === 0) return
    doc.transact(() => {
      for (const edge of dangling) edgesMap.delete(edge.id)
    }, CLEANUP_ORIGIN)
  }

  const onNodes = (events: Array<Y.YEvent<Y.Map<unknown>>>, transaction: Y.Transaction) => {
    if (transaction.origin === origin) return
    applyFromDocument(changedIds(events, nodesMap), new Set())
  }
  const onEdges = (events: Array<Y.YEvent<Y.Map<unknown>>>, transaction: Y.Transaction) => {
    if (transaction.origin === origin) return
    applyFromDocument(new Set(), changedIds(events, edgesMap))
  }

  nodesMap.observeDeep(onNodes)
  edgesMap.observeDeep(onEdges)

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.nodes === previous.nodes && state.edges === previous.edges) return
    const before = mirror.document
    const after = mirror.of(state.nodes, state.edges)
    if (applyingRemote || readOnly) return
    if (state.history !== previous.history && !mergedIntoLast(previous.history, state.history)) undoManager.stopCapturing()
    writeGraphChange(doc, before, after, origin)
  })

  // The store starts from the document: every node and edge either side has.
  {
    const state = store.getState()
    applyFromDocument(
      new Set([...state.nodes.map((node) => node.id), ...nodesMap.keys()]),
      new Set([...state.edges.map((edge) => edge.id), ...edgesMap.keys()]),
    )
  }

  const onStackChange = () => publishLive()
  undoManager.on('stack-item-added', onStackChange)
  undoManager.on('stack-item-popped', onStackChange)
  undoManager.on('stack-cleared', onStackChange)
  publishLive()

  return {
    origin,
    undoManager,
    setReadOnly: (next) => {
      if (next === readOnly) return
      readOnly = next
      if (readOnly) undoManager.clear()
      publishLive()
    },
    destroy: () => {
      unsubscribe()
      nodesMap.unobserveDeep(onNodes)
      edgesMap.unobserveDeep(onEdges)
      undoManager.destroy()
      store.setState({ live: null, history: { past: [], future: [] } })
    },
  }
}

/**
 * What the person did before the shared document arrived (the store's undo log since it opened, or since its last save:
 * a draft goes live right after its first save, its log still holding how it was drawn), written on top of it step by
 * step, each its own undo step as it was in the log. Unchanged nodes are the saved document's own objects (the mirror),
 * so that only what the person changed is written, never a node someone else deleted meanwhile.
 */
function writePendingChanges(
  doc: Y.Doc,
  mirror: DocumentMirror,
  state: Pick<CanvasState, 'nodes' | 'edges' | 'history' | 'savedDocument'>,
  undoManager: Y.UndoManager,
  origin: object,
): void {
  const graphs = graphsSinceSaved(state)
  const first = graphs.shift()!
  // Anything the log does not explain (it holds the last HISTORY_CAPACITY steps) goes first, as one change nobody undoes.
  writeGraphChange(doc, state.savedDocument, mirror.of(first.nodes, first.edges), CLEANUP_ORIGIN)
  for (const graph of graphs) {
    const before = mirror.document
    undoManager.stopCapturing()
    writeGraphChange(doc, before, mirror.of(graph.nodes, graph.edges), origin)
  }
}

/**
 * The graph after each step of the store's log, oldest first, back to where it was last saved: the steps before that
 * are in the saved document, which the shared document was seeded from, and are not written again (a step that adds a
 * node would otherwise delete it first and add it back, under the feet of anyone already editing it). When the log
 * does not reach back that far, it goes back as far as it can.
 */
function graphsSinceSaved(state: Pick<CanvasState, 'nodes' | 'edges' | 'history' | 'savedDocument'>): CanvasGraph[] {
  const graphs: CanvasGraph[] = [{ nodes: state.nodes, edges: state.edges }]
  for (let i = state.history.past.length - 1; i >= 0; i--) {
    if (!selectIsDirty({ ...graphs[0]!, savedDocument: state.savedDocument })) break
    graphs.unshift(revertCommand(graphs[0]!, state.history.past[i]!))
  }
  return graphs
}

/** The ids of the nodes (or edges) a transaction touched: entries set or deleted, or fields changed inside one. */
function changedIds(events: Array<Y.YEvent<Y.Map<unknown>>>, root: Y.Map<Y.Map<unknown>>): Set<string> {
  const ids = new Set<string>()
  for (const event of events) {
    if (event.target === root) for (const key of (event as Y.YMapEvent<unknown>).keysChanged) ids.add(key)
    else if (typeof event.path[0] === 'string') ids.add(event.path[0])
  }
  return ids
}

function readEntry<Item>(map: Y.Map<Y.Map<unknown>>, id: string, read: (id: string, entry: Y.Map<unknown>) => Item | undefined): Item | undefined {
  const entry = map.get(id)
  return entry instanceof Y.Map ? read(id, entry) : undefined
}

/**
 * The store's list with the changed items replaced by the document's (kept in place, keeping the store's own fields),
 * removed when the document no longer has them, and added at the end when new. Untouched items keep their identity.
 */
function mergeItems<Item extends { id: string }, Saved>(
  items: Item[],
  changed: Set<string>,
  read: (id: string) => Saved | undefined,
  merge: (item: Item, saved: Saved) => Item,
  create: (saved: Saved) => Item,
): Item[] {
  const seen = new Set<string>()
  const result: Item[] = []
  for (const item of items) {
    if (!changed.has(item.id)) {
      result.push(item)
      continue
    }
    seen.add(item.id)
    const saved = read(item.id)
    if (saved) result.push(merge(item, saved))
  }
  for (const id of changed) {
    if (seen.has(id)) continue
    const saved = read(id)
    if (saved) result.push(create(saved))
  }
  return result
}

function mergeNode(node: CanvasNode, saved: GraphNode): CanvasNode {
  const current = canvasNodeToGraph(node)
  const samePosition = current.position.x === saved.position.x && current.position.y === saved.position.y
  const sameData = sameJson(node.data, saved.data)
  if (current.kind === saved.kind && samePosition && sameData) return node
  // The saved node's kind and data agree, as nodeToCanvas's do (adapter.ts).
  return {
    ...node,
    type: saved.kind,
    position: samePosition ? node.position : { ...saved.position },
    data: sameData ? node.data : saved.data,
  } as CanvasNode
}

function mergeEdge(edge: CanvasEdge, saved: GraphEdge): CanvasEdge {
  const current = canvasEdgeToGraph(edge)
  if (
    current.source === saved.source &&
    current.target === saved.target &&
    current.sourceHandle === saved.sourceHandle &&
    current.targetHandle === saved.targetHandle &&
    current.condition === saved.condition
  )
    return edge
  const { label: _label, style: _style, ...rest } = edge
  return { ...rest, ...edgeToCanvas(saved), selected: edge.selected }
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/** True when the store's log merged its newest command into its last entry (a drag going on, typing into one field). */
export function mergedIntoLast(before: History, after: History): boolean {
  const a = before.past
  const b = after.past
  return a.length === b.length && b.length > 0 && (b.length === 1 || a[0] === b[0]) && a[a.length - 1] !== b[b.length - 1]
}

/**
 * The store's graph as a GraphDocument whose unchanged nodes and edges are the same objects as last time: a canvas
 * node seen before maps to its document node at once; a new canvas node object (selected, measured, moved) whose
 * kind, position and data are as before maps to the same document node as before.
 */
class DocumentMirror {
  private readonly nodeOf = new WeakMap<CanvasNode, GraphNode>()
  private readonly edgeOf = new WeakMap<CanvasEdge, GraphEdge>()
  document: GraphDocument = { schemaVersion: CURRENT_SCHEMA_VERSION, nodes: [], edges: [] }

  of(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): GraphDocument {
    const last = this.document
    const lastNodes = lookup(last.nodes)
    const lastEdges = lookup(last.edges)
    const graphNodes = nodes.map((node, i) => {
      const known = this.nodeOf.get(node)
      if (known) return known
      const fresh = canvasNodeToGraph(node)
      const previous = lastNodes(i, node.id)
      const graph =
        previous &&
        previous.kind === fresh.kind &&
        previous.data === fresh.data &&
        previous.position.x === fresh.position.x &&
        previous.position.y === fresh.position.y
          ? previous
          : fresh
      this.nodeOf.set(node, graph)
      return graph
    })
    const graphEdges = edges.map((edge, i) => {
      const known = this.edgeOf.get(edge)
      if (known) return known
      const fresh = canvasEdgeToGraph(edge)
      const previous = lastEdges(i, edge.id)
      const graph = previous && sameJson(previous, fresh) ? previous : fresh
      this.edgeOf.set(edge, graph)
      return graph
    })
    this.document = { schemaVersion: CURRENT_SCHEMA_VERSION, nodes: graphNodes, edges: graphEdges }
    return this.document
  }
}

/** Finds the last document's item with this id: at the same index first (the usual case), by id otherwise. */
function lookup<Item extends { id: string }>(items: Item[]): (index: number, id: string) => Item | undefined {
  let byId: Map<string, Item> | undefined
  return (index, id) => {
    const atIndex = items[index]
    if (atIndex?.id === id) return atIndex
    byId ??= new Map(items.map((item) => [item.id, item]))
    return byId.get(id)
  }
}
