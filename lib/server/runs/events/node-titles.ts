import type { GraphDocument } from '@/lib/graph'

/**
 * Names the steps of a run as people named them — a node's label, else its agent's name, else its
 * id — so that an approval a step raises says who asks in words wherever it is shown (the inbox
 * has no graph to look the id up in). Inner executors (`<nodeId>/<participant>`) and ids of no
 * node keep their id.
 */
export function nodeTitles(document: Pick<GraphDocument, 'nodes'>): (executorId: string) => string {
  const titles = new Map<string, string>()
  for (const node of document.nodes) {
    const data = (node.data ?? {}) as { label?: unknown; name?: unknown }
    const named = [data.label, data.name].find((value): value is string => typeof value === 'string' && value.trim() !== '')
    titles.set(node.id, named?.trim() ?? node.id)
  }
  return (executorId) => titles.get(executorId) ?? executorId
}
