'use client'

import { useMemo } from 'react'
import { Badge } from '@/components/ui/Badge'
import { diffDocuments, isEmptyDiff, type ChangedItem } from '@/lib/graph/diff'
import type { GraphDocument, GraphEdge, GraphNode } from '@/lib/graph/document'

type Row =
  | { change: 'added' | 'removed'; what: 'node' | 'edge'; key: string; left?: string; right?: string }
  | { change: 'changed'; what: 'node' | 'edge'; key: string; left: string; right: string; fields: Array<{ path: string; before: string; after: string }> }

export interface DocumentDiffProps {
  /** The older document (already brought to the current schema), shown on the left. */
  before: GraphDocument
  /** The newer document, shown on the right. */
  after: GraphDocument
  /** The two sides' names in the heading and the table (`v3`, `Yours`). */
  beforeLabel: string
  afterLabel: string
}

/** Two documents side by side: the nodes and edges added, removed and changed, with the fields that changed. */
export function DocumentDiff({ before, after, beforeLabel, afterLabel }: DocumentDiffProps) {
  const rows = useMemo(() => {
    const diff = diffDocuments(before, after)
    if (isEmptyDiff(diff)) return []
    // Looked up by id once per document: an edge is named by its two nodes, and a large diff names thousands of edges.
    const nodesById = new Map([before, after].map((document) => [document, firstNodeById(document.nodes)]))
    const nodeName = (id: string, document: typeof before) => {
      const node = nodesById.get(document)!.get(id)
      return node ? describeNode(node) : id
    }
    const edgeName = (edge: GraphEdge, document: typeof before) =>
      `${nodeName(edge.source, document)}${edge.sourceHandle ? ` (${edge.sourceHandle})` : ''} → ${nodeName(edge.target, document)}`
    const result: Row[] = [
      ...diff.nodes.removed.map((node): Row => ({ change: 'removed', what: 'node', key: `n-${node.id}`, left: describeNode(node) })),
      ...diff.nodes.added.map((node): Row => ({ change: 'added', what: 'node', key: `n-${node.id}`, right: describeNode(node) })),
      ...diff.nodes.changed.map((item): Row => ({
        change: 'changed',
        what: 'node',
        key: `n-${item.after.id}`,
        left: describeNode(item.before),
        right: describeNode(item.after),
        fields: fieldsOf(item),
      })),
      ...diff.edges.removed.map((edge): Row => ({ change: 'removed', what: 'edge', key: `e-${edge.id}`, left: edgeName(edge, before) })),
      ...diff.edges.added.map((edge): Row => ({ change: 'added', what: 'edge', key: `e-${edge.id}`, right: edgeName(edge, after) })),
      ...diff.edges.changed.map((item): Row => ({
        change: 'changed',
        what: 'edge',
        key: `e-${item.after.id}`,
        left: edgeName(item.before, before),
        right: edgeName(item.after, after),
        fields: fieldsOf(item),
      })),
    ]
    return result
  }, [before, after])

  return (
    <section data-testid="version-diff" aria-label={`Changes from ${beforeLabel} to ${afterLabel}`} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-zinc-800">
        Changes from {beforeLabel} to {afterLabel}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500">The two versions have the same nodes and edges.</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-sm">
          <thead>
            <tr className="border-b border-zinc-200 text-left text-xs text-zinc-500">
              <th className="w-28 py-1.5 font-medium">Change</th>
              <th className="py-1.5 font-medium">{beforeLabel}</th>
              <th className="py-1.5 font-medium">{afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.change}-${row.key}`} data-testid="diff-row" data-change={row.change} className="border-b border-zinc-100 align-top">
                <td className="py-1.5">
                  <Badge tone={row.change === 'added' ? 'success' : row.change === 'removed' ? 'danger' : 'warning'}>
                    {row.what === 'node' ? 'Node' : 'Edge'} {row.change}
                  </Badge>
                </td>
                <td className="py-1.5 pr-3">
                  <Side title={row.left} fields={row.change === 'changed' ? row.fields.map((f) => ({ path: f.path, value: f.before })) : undefined} />
                </td>
                <td className="py-1.5">
                  <Side title={row.right} fields={row.change === 'changed' ? row.fields.map((f) => ({ path: f.path, value: f.after })) : undefined} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function Side({ title, fields }: { title?: string; fields?: Array<{ path: string; value: string }> }) {
  if (title === undefined) return <span className="text-zinc-400">—</span>
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="font-medium text-zinc-800">{title}</span>
      {fields?.map((field) => (
        <div key={field.path} className="min-w-0 text-xs">
          <code className="text-zinc-500">{field.path}</code> <span className="break-words text-zinc-800">{field.value}</span>
        </div>
      ))}
    </div>
  )
}

function describeNode(node: GraphNode): string {
  const data = node.data as { label?: string; name?: string }
  const title = data.label || data.name
  const kind = node.kind.replace(/_/g, ' ')
  return title ? `${title} (${kind})` : `${node.id} (${kind})`
}

function fieldsOf<T>(item: ChangedItem<T>): Array<{ path: string; before: string; after: string }> {
  return item.fields.map((path) => ({ path, before: show(valueAt(item.before, path)), after: show(valueAt(item.after, path)) }))
}

function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value)
}

/** A field's value in a line or two: long texts are cut, structures shown as JSON. */
function show(value: unknown): string {
  if (value === undefined) return '(none)'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 159)}…` : text
}

/** Each id's first node, as a search of the list finds it. */
function firstNodeById(nodes: readonly GraphNode[]): Map<string, GraphNode> {
  const byId = new Map<string, GraphNode>()
  for (const node of nodes) if (!byId.has(node.id)) byId.set(node.id, node)
  return byId
}
