/**
 * The workflow document as a Yjs document, for editing together live. Several people change it at
 * once; Yjs merges their changes without conflicts. The shape is chosen so that concurrent changes
 * to different things never overwrite each other:
 *
 *   doc.getMap('nodes'): node id → Y.Map { kind, x, y, data: Y.Map<field, JSON value> }
 *   doc.getMap('edges'): edge id → Y.Map { source, target, sourceHandle?, targetHandle?, condition? }
 *   doc.getMap('meta'):  { schemaVersion }
 *
 * x and y are separate entries and each top-level data field is its own entry, so one person
 * moving a node while another renames it, or two people editing different fields of the same
 * node, both win. Two edits of the same field: the last one to reach the others wins (Yjs' rule).
 *
 * writeGraphChange() writes the difference between two GraphDocuments as the fewest Yjs operations;
 * readLiveDocument() reads the shared document back as a GraphDocument (nodes and edges sorted by id:
 * Y.Map has no order every client agrees on). Neither validates: the document may be mid-edit, and
 * validation (lib/graph/validate.ts) runs where a version is saved or a run starts.
 */
import * as Y from 'yjs'
import { CURRENT_SCHEMA_VERSION, type GraphDocument, type GraphEdge, type GraphNode } from './document'

export const LIVE_NODES = 'nodes'
export const LIVE_EDGES = 'edges'
export const LIVE_META = 'meta'

const EDGE_FIELDS = ['source', 'target', 'sourceHandle', 'targetHandle', 'condition'] as const

type JsonRecord = Record<string, unknown>

export function liveNodes(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>(LIVE_NODES)
}

export function liveEdges(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>(LIVE_EDGES)
}

/** A document is seeded once, from the workflow's latest saved version, by whoever opens it first (the server). */
export function isLiveDocumentSeeded(doc: Y.Doc): boolean {
  return doc.getMap(LIVE_META).get('schemaVersion') !== undefined
}

/** Fills an empty shared document with `graph`, in one transaction. */
export function seedLiveDocument(doc: Y.Doc, graph: GraphDocument, origin: unknown = null): void {
  doc.transact(() => {
    doc.getMap(LIVE_META).set('schemaVersion', CURRENT_SCHEMA_VERSION)
    writeGraphChange(doc, emptyGraph(), graph, origin)
  }, origin)
}

export function emptyGraph(): GraphDocument {
  return { schemaVersion: CURRENT_SCHEMA_VERSION, nodes: [], edges: [] }
}

/** The shared document as a GraphDocument, nodes and edges in id order. */
export function readLiveDocument(doc: Y.Doc): GraphDocument {
  const nodes: GraphNode[] = []
  for (const [id, entry] of liveNodes(doc).entries()) {
    const node = readNode(id, entry)
    if (node) nodes.push(node)
  }
  const edges: GraphEdge[] = []
  for (const [id, entry] of liveEdges(doc).entries()) {
    const edge = readEdge(id, entry)
    if (edge) edges.push(edge)
  }
  return { schemaVersion: CURRENT_SCHEMA_VERSION, nodes: nodes.sort(byId), edges: edges.sort(byId) }
}

/** One node of the shared document, or undefined when it is not there (or not whole yet). */
export function readNode(id: string, entry: Y.Map<unknown>): GraphNode | undefined {
  const kind = entry.get('kind')
  const x = entry.get('x')
  const y = entry.get('y')
  const data = entry.get('data')
  if (typeof kind !== 'string' || typeof x !== 'number' || typeof y !== 'number' || !(data instanceof Y.Map)) return undefined
  return { id, kind, position: { x, y }, data: data.toJSON() } as GraphNode
}

export function readEdge(id: string, entry: Y.Map<unknown>): GraphEdge | undefined {
  const source = entry.get('source')
  const target = entry.get('target')
  if (typeof source !== 'string' || typeof target !== 'string') return undefined
  const edge: GraphEdge = { id, source, target }
  for (const field of ['sourceHandle', 'targetHandle', 'condition'] as const) {
    const value = entry.get(field)
    if (typeof value === 'string') edge[field] = value
  }
  return edge
}

/**
 * Writes what changed from `before` to `after` into the shared document, in one transaction with
 * `origin` (the binding's origin, so that a per-person Y.UndoManager tracks it). Unchanged nodes
 * cost nothing beyond a comparison: objects that are the same reference are skipped at once.
 */
export function writeGraphChange(doc: Y.Doc, before: GraphDocument, after: GraphDocument, origin: unknown = null): void {
  const nodesBefore = new Map(before.nodes.map((node) => [node.id, node]))
  const edgesBefore = new Map(before.edges.map((edge) => [edge.id, edge]))
  const nodes = liveNodes(doc)
  const edges = liveEdges(doc)
  doc.transact(() => {
    const nodeIdsAfter = new Set<string>()
    for (const node of after.nodes) {
      nodeIdsAfter.add(node.id)
      const previous = nodesBefore.get(node.id)
      if (previous === node) continue
      const entry = nodes.get(node.id)
      if (!previous || !entry) nodes.set(node.id, newNodeEntry(node))
      else writeNodeChange(entry, previous, node)
    }
    for (const id of nodesBefore.keys()) if (!nodeIdsAfter.has(id)) nodes.delete(id)

    const edgeIdsAfter = new Set<string>()
    for (const edge of after.edges) {
      edgeIdsAfter.add(edge.id)
      const previous = edgesBefore.get(edge.id)
      if (previous === edge) continue
      const entry = edges.get(edge.id)
      if (!previous || !entry) edges.set(edge.id, newEdgeEntry(edge))
      else writeFields(entry, previous as unknown as JsonRecord, edge as unknown as JsonRecord, EDGE_FIELDS)
    }
    for (const id of edgesBefore.keys()) if (!edgeIdsAfter.has(id)) edges.delete(id)
  }, origin)
}

function newNodeEntry(node: GraphNode): Y.Map<unknown> {
  const data = new Y.Map<unknown>()
  for (const [field, value] of Object.entries(node.data as JsonRecord)) if (value !== undefined) data.set(field, value)
  return new Y.Map<unknown>([
    ['kind', node.kind],
    ['x', node.position.x],
    ['y', node.position.y],
    ['data', data],
  ])
}

function newEdgeEntry(edge: GraphEdge): Y.Map<unknown> {
  const entry = new Y.Map<unknown>()
  for (const field of EDGE_FIELDS) if (edge[field] !== undefined) entry.set(field, edge[field])
  return entry
}

function writeNodeChange(entry: Y.Map<unknown>, before: GraphNode, after: GraphNode): void {
  if (before.kind !== after.kind) entry.set('kind', after.kind)
  if (before.position.x !== after.position.x) entry.set('x', after.position.x)
  if (before.position.y !== after.position.y) entry.set('y', after.position.y)
  if (before.data === after.data) return
  const data = entry.get('data')
  if (!(data instanceof Y.Map)) {
    entry.set('data', newNodeEntry(after).get('data'))
    return
  }
  const beforeData = before.data as JsonRecord
  const afterData = after.data as JsonRecord
  writeFields(data, beforeData, afterData, new Set([...Object.keys(beforeData), ...Object.keys(afterData)]))
}

/** Sets the fields whose value changed and deletes those that went; values are compared as JSON. */
function writeFields(entry: Y.Map<unknown>, before: JsonRecord, after: JsonRecord, fields: Iterable<string>): void {
  for (const field of fields) {
    const value = after[field]
    if (value === undefined) {
      if (before[field] !== undefined) entry.delete(field)
    } else if (!sameJson(before[field], value)) {
      entry.set(field, value)
    }
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
