/**
 * Whether a checkpoint of one version can be restored onto another: the engine refuses a checkpoint whose
 * `graphSignatureHash` differs from the compiled workflow's (resumable-state.ts), and that signature is made of the
 * executors (the nodes, by id) and the edges between them. Compiling a version only to hash it would connect its MCP
 * servers and load its agents; comparing the documents' shape — node ids and kinds, edges by their ends and handles —
 * names the difference instead, which is what a person needs to read. Settings (prompts, models, tools) may differ:
 * that is what running a newer version from a checkpoint is for. Should a difference slip past this, the engine's own
 * check still fails the fork's first attempt with its message.
 */
import type { GraphDocument } from '@/lib/graph'

/** What differs in shape between `from` and `to`, in words; empty when a checkpoint of one restores onto the other. */
export function graphShapeDifferences(from: GraphDocument, to: GraphDocument): string[] {
  const differences: string[] = []
  const kinds = (document: GraphDocument) => new Map(document.nodes.map((node) => [node.id, node.kind]))
  const before = kinds(from)
  const after = kinds(to)
  for (const [id, kind] of before) {
    const now = after.get(id)
    if (now === undefined) differences.push(`node '${id}' was removed`)
    else if (now !== kind) differences.push(`node '${id}' changed from ${kind} to ${now}`)
  }
  for (const id of after.keys()) if (!before.has(id)) differences.push(`node '${id}' was added`)
  const edges = (document: GraphDocument) =>
    new Set(
      document.edges.map(
        (edge) => `${edge.source}${edge.sourceHandle ? `:${edge.sourceHandle}` : ''} → ${edge.target}${edge.targetHandle ? `:${edge.targetHandle}` : ''}`,
      ),
    )
  const edgesBefore = edges(from)
  const edgesAfter = edges(to)
  for (const edge of edgesBefore) if (!edgesAfter.has(edge)) differences.push(`edge ${edge} was removed`)
  for (const edge of edgesAfter) if (!edgesBefore.has(edge)) differences.push(`edge ${edge} was added`)
  return differences
}
