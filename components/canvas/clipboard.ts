/**
 * Copy and paste of nodes and edges, as plain data: what goes on the clipboard is a small versioned
 * JSON envelope of document nodes and edges, so that it can travel between workflows and browser
 * tabs (and be read by a later version of the app, which migrates it like a stored document).
 *
 * Pasting gives every node a fresh readable id and rewires the edges between pasted nodes; edges to
 * nodes that were not copied are dropped. References inside a node (participant ids, handoff lists,
 * condition case ids, which are also the condition's handle ids) are local to the node, so they stay
 * valid as they are.
 */
import { CURRENT_SCHEMA_VERSION, type GraphEdge, type GraphNode, type Position } from '@/lib/graph/document'
import { parseGraphDocument } from '@/lib/graph/migrate'
import type { GraphProblem } from '@/lib/graph/problems'
import type { NodeKind } from '@/lib/graph/node-data'
import { nextEdgeId, nextNodeId } from './ids'

export const CLIPBOARD_KIND = 'nodes'

/** What is written to the clipboard. `version` is the document schema version of the nodes. */
export interface ClipboardEnvelope {
  agentloom: typeof CLIPBOARD_KIND
  version: number
  nodes: GraphNode[]
  edges: GraphEdge[]
}

export interface GraphFragment {
  nodes: GraphNode[]
  edges: GraphEdge[]
}

/** How far each paste moves the copies from the originals, so they never hide them. */
export const PASTE_OFFSET: Position = { x: 40, y: 40 }

/** The chosen nodes, plus every edge between two chosen nodes (whether or not it was chosen itself). */
export function copyFragment(graph: GraphFragment, nodeIds: ReadonlySet<string>): GraphFragment {
  const nodes = graph.nodes.filter((node) => nodeIds.has(node.id))
  const edges = graph.edges.filter((edge) => nodeIds.has(edge.source) && nodeIds.has(edge.target))
  return structuredClone({ nodes, edges })
}

export function serializeFragment(fragment: GraphFragment): string {
  const envelope: ClipboardEnvelope = { agentloom: CLIPBOARD_KIND, version: CURRENT_SCHEMA_VERSION, nodes: fragment.nodes, edges: fragment.edges }
  return JSON.stringify(envelope)
}

export type ParsedClipboard = { ok: true; fragment: GraphFragment } | { ok: false; reason: 'not_ours' } | { ok: false; reason: 'invalid'; message: string }

/**
 * Reads clipboard text. Text that is not an Agentloom envelope is `not_ours` (the paste is simply
 * ignored: people paste text into the canvas by accident); an envelope that does not parse says why.
 */
export function parseClipboardText(text: string): ParsedClipboard {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not_ours' }
  }
  if (typeof raw !== 'object' || raw === null || (raw as { agentloom?: unknown }).agentloom !== CLIPBOARD_KIND) return { ok: false, reason: 'not_ours' }
  const envelope = raw as Partial<ClipboardEnvelope>
  // The nodes are checked (and migrated) as a document of their version; edges to missing nodes are dropped first.
  const nodes = Array.isArray(envelope.nodes) ? envelope.nodes : []
  const ids = new Set(nodes.map((node) => (node as { id?: unknown }).id))
  const edges = (Array.isArray(envelope.edges) ? envelope.edges : []).filter((edge) => ids.has(edge?.source) && ids.has(edge?.target))
  const parsed = parseGraphDocument({ schemaVersion: envelope.version, nodes, edges })
  if (!parsed.ok) return { ok: false, reason: 'invalid', message: describeProblems(parsed.problems) }
  return { ok: true, fragment: { nodes: parsed.document.nodes, edges: parsed.document.edges } }
}

function describeProblems(problems: GraphProblem[]): string {
  const first = problems[0]
  if (!first) return 'The copied nodes could not be read.'
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
  return `The copied nodes could not be read: ${first.message}${more}`
}

export interface PasteTarget {
  /** The nodes and edges already on the canvas: new ids avoid theirs. */
  nodes: ReadonlyArray<{ id: string; kind: NodeKind }>
  edgeIds: Iterable<string>
  /** Kinds a workflow holds once (start): a copy of one is left out when the canvas has it already. */
  singletonKinds: ReadonlySet<NodeKind>
  /** The live suffix of new node ids (ids.ts), when the canvas is edited live. */
  idSuffix?: string
}

/**
 * The fragment renamed for the target canvas: fresh node and edge ids, edges rewired to the new
 * ids, positions moved by `offset`. Nodes of a singleton kind the target already has are left out,
 * with their edges.
 */
export function prepareFragmentForPaste(fragment: GraphFragment, target: PasteTarget, offset: Position = PASTE_OFFSET): GraphFragment {
  const takenNodeIds = new Set(target.nodes.map((node) => node.id))
  const presentKinds = new Set(target.nodes.map((node) => node.kind))
  const renamed = new Map<string, string>()
  const nodes: GraphNode[] = []
  for (const node of fragment.nodes) {
    if (target.singletonKinds.has(node.kind) && presentKinds.has(node.kind)) continue
    presentKinds.add(node.kind)
    const id = nextNodeId(node.kind, takenNodeIds, target.idSuffix)
    takenNodeIds.add(id)
    renamed.set(node.id, id)
    nodes.push({ ...structuredClone(node), id, position: { x: node.position.x + offset.x, y: node.position.y + offset.y } } as GraphNode)
  }
  const takenEdgeIds = new Set(target.edgeIds)
  const edges: GraphEdge[] = []
  for (const edge of fragment.edges) {
    const source = renamed.get(edge.source)
    const target = renamed.get(edge.target)
    if (!source || !target) continue
    const id = nextEdgeId(source, target, edge.sourceHandle, takenEdgeIds)
    takenEdgeIds.add(id)
    edges.push({ ...edge, id, source, target })
  }
  return { nodes, edges }
}
