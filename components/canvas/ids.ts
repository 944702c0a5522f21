/**
 * Readable, unique ids for new nodes, edges and items of a node's lists: `agent-2`, `e-agent-2-output`, `case-3`. Readable ids show up
 * in run events and problems, so `agent-2` beats a random token; uniqueness is checked against
 * what the canvas already holds. Edited live, a canvas cannot see what the others add at the same
 * moment, so a new node's id carries the person's short suffix as well (`agent-3-k7`): two people
 * adding an agent at once make two agents, not one.
 */
import type { NodeKind } from '@/lib/graph/node-data'

export function nextNodeId(kind: NodeKind, existing: ReadonlySet<string>, suffix = ''): string {
  const base = kind.replace(/_/g, '-')
  const numbered = suffix ? numbersInUse(base, existing) : undefined
  for (let n = 1; ; n++) {
    const id = `${base}-${n}`
    if (existing.has(id)) continue
    if (!numbered) return id
    if (!numbered.has(n)) return `${id}-${suffix}`
  }
}

/** The numbers `<base>-<n>` and `<base>-<n>-<suffix>` already use, so that a suffixed id never repeats a number in sight. */
function numbersInUse(base: string, existing: ReadonlySet<string>): Set<number> {
  const numbers = new Set<number>()
  const prefix = `${base}-`
  for (const id of existing) {
    if (!id.startsWith(prefix)) continue
    const match = /^(\d+)(?:-[a-z0-9]+)?$/.exec(id.slice(prefix.length))
    if (match) numbers.add(Number(match[1]))
  }
  return numbers
}

/** A short, readable suffix for a live client's new node ids (from its Yjs client id: random per open canvas). */
export function liveIdSuffix(clientId: number): string {
  return (clientId % 1296).toString(36).padStart(2, '0')
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
