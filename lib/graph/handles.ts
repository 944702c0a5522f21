/**
 * Which connection points a node has. Most nodes have one unnamed input and one unnamed output;
 * a condition node has one named output per case plus `default`; start has no input and output
 * has no output. The canvas draws handles from this, validate() checks edges against it and
 * compile() routes by it, so the three cannot disagree.
 */
import type { GraphNode } from './document'
import { DEFAULT_CASE_HANDLE, type NodeData, type NodeKind } from './node-data'

export interface HandleSpec {
  /** undefined for a node's single unnamed handle. */
  id: string | undefined
  label?: string
}

export function hasInput(kind: NodeKind): boolean {
  return kind !== 'start'
}

export function hasOutput(kind: NodeKind): boolean {
  return kind !== 'output'
}

/** Anything with a kind and that kind's data: a document node, or a canvas node's pieces. */
export type KindAndData = { [K in NodeKind]: { kind: K; data: NodeData<K> } }[NodeKind]

export function sourceHandles(node: KindAndData): HandleSpec[] {
  if (node.kind === 'output') return []
  if (node.kind === 'condition') {
    return [...node.data.cases.map((c, i) => ({ id: c.id, label: c.label || `Case ${i + 1}` })), { id: DEFAULT_CASE_HANDLE, label: 'Default' }]
  }
  return [{ id: undefined }]
}

export function targetHandles(node: Pick<GraphNode, 'kind'>): HandleSpec[] {
  return hasInput(node.kind) ? [{ id: undefined }] : []
}

/** True when `handle` (an edge's sourceHandle) names one of the node's outputs. */
export function isValidSourceHandle(node: KindAndData, handle: string | undefined): boolean {
  const handles = sourceHandles(node)
  if (node.kind !== 'condition') return handles.length > 0
  return handles.some((spec) => spec.id === handle)
}
