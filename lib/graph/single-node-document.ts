/**
 * "Run one node" (a debug run of a single node, issue #31): a document holding just that node, fed by a start node
 * and followed by an output node on each of its outputs, so that it compiles and runs as any workflow — with the
 * node's own settings (agent, MCP servers, skills) — on the input a person chose or one it received before.
 */
import { CURRENT_SCHEMA_VERSION, type GraphDocument, type GraphEdge, type GraphNode } from './document'
import { sourceHandles } from './handles'

export type SingleNodeDocument = { ok: true; document: GraphDocument } | { ok: false; message: string }

export function singleNodeDocument(document: GraphDocument, nodeId: string): SingleNodeDocument {
  const node = document.nodes.find((each) => each.id === nodeId)
  if (!node) return { ok: false, message: `The workflow has no node '${nodeId}'.` }
  if (node.kind === 'start') return { ok: false, message: 'A start node only takes the run input: run the whole workflow instead.' }
  const taken = new Set([node.id])
  const fresh = (base: string) => {
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}_${n}`
    taken.add(id)
    return id
  }
  const startId = fresh('start')
  const nodes: GraphNode[] = [{ id: startId, kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: '' } } as GraphNode, node]
  const edges: GraphEdge[] = [{ id: `${startId}->${node.id}`, source: startId, target: node.id }]
  // An output node yields what it is sent; any other node's outputs each go to an output node of their own.
  if (node.kind !== 'output') {
    for (const handle of sourceHandles(node)) {
      const outputId = fresh(handle.id === undefined ? 'output' : `output_${handle.id}`)
      nodes.push({ id: outputId, kind: 'output', position: { x: 640, y: nodes.length * 120 }, data: {} } as GraphNode)
      edges.push({ id: `${node.id}->${outputId}`, source: node.id, target: outputId, ...(handle.id === undefined ? {} : { sourceHandle: handle.id }) })
    }
  }
  return { ok: true, document: { ...document, schemaVersion: CURRENT_SCHEMA_VERSION, nodes, edges } }
}
