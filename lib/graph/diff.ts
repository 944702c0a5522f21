/**
 * What changed between two versions of a workflow document: nodes and edges added, removed and
 * changed (matched by id), and for a changed one which fields changed, as readable paths
 * (`position`, `data.instructions`, `data.model.temperature`, `data.participants`). Lists are
 * compared as a whole and named by their field: the person opens the node to see the rest.
 * The order of nodes and edges in the document is not a change.
 */
import type { GraphDocument, GraphEdge, GraphNode } from './document'

export interface ChangedItem<T> {
  before: T
  after: T
  /** Readable paths of the fields that differ, in a stable order. */
  fields: string[]
}

export interface ItemDiff<T> {
  added: T[]
  removed: T[]
  changed: Array<ChangedItem<T>>
  unchanged: number
}

export interface DocumentDiff {
  nodes: ItemDiff<GraphNode>
  edges: ItemDiff<GraphEdge>
}

export function diffDocuments(before: Pick<GraphDocument, 'nodes' | 'edges'>, after: Pick<GraphDocument, 'nodes' | 'edges'>): DocumentDiff {
  return { nodes: diffItems(before.nodes, after.nodes), edges: diffItems(before.edges, after.edges) }
}

export function isEmptyDiff(diff: DocumentDiff): boolean {
  return [diff.nodes, diff.edges].every((items) => items.added.length === 0 && items.removed.length === 0 && items.changed.length === 0)
}

function diffItems<T extends { id: string }>(before: readonly T[], after: readonly T[]): ItemDiff<T> {
  const beforeById = new Map(before.map((item) => [item.id, item]))
  const afterIds = new Set(after.map((item) => item.id))
  const result: ItemDiff<T> = { added: [], removed: [], changed: [], unchanged: 0 }
  for (const item of after) {
    const old = beforeById.get(item.id)
    if (!old) {
      result.added.push(item)
      continue
    }
    const fields = changedFields(old, item)
    if (fields.length === 0) result.unchanged += 1
    else result.changed.push({ before: old, after: item, fields })
  }
  result.removed = before.filter((item) => !afterIds.has(item.id))
  return result
}

/** Paths where two values differ: plain objects are entered (a missing key counts as undefined), anything else is compared whole. */
export function changedFields(before: unknown, after: unknown, prefix = ''): string[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    // A position is one field: "moved" says it, its x and y add nothing.
    return keys.flatMap((key) => {
      const path = prefix ? `${prefix}.${key}` : key
      if (key === 'position' && prefix === '') return deepEqual(before[key], after[key]) ? [] : [path]
      return changedFields(before[key], after[key], path)
    })
  }
  return deepEqual(before, after) ? [] : [prefix || '(value)']
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => deepEqual(item, b[index]))
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const key of keys) if (!deepEqual(a[key], b[key])) return false
    return true
  }
  return false
}
