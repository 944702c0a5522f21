/**
 * Readable, unique ids for new nodes, edges and items of a node's lists: `agent-2`, `e-agent-2-output`, `case-3`. Readable ids show up
 * in run events and problems, so `agent-2` beats a random token; uniqueness is checked against
 * what the canvas already holds.
 */
import type { NodeKind } from '@/lib/graph/node-data'

export function nextNodeId(kind: NodeKind, existing: ReadonlySet<string>): string {
  const base = kind.replace(/_/g, '-')
  for (let n = 1; ; n++) {
    const id = `${base}-${n}`
    if (!existing.has(id)) return id
  }
}

export function nextEdgeId(source: string, target: string, sourceHandle: string | null | undefined, existing: ReadonlySet<string>): string {
  const base = `e-${source}${sourceHandle ? `.${sourceHandle}` : ''}-${target}`
  if (!existing.has(base)) return base
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`
    if (!existing.has(id)) return id
  }
}

/** The first free `<prefix>-<n>` among a node's list items (its cases, its participants). */
export function nextListItemId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  for (let n = 1; ; n++) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`
}
