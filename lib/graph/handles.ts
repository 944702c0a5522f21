/**
 * Which connection points a node has, as its kind defines them (node-kinds/<kind>.ts). Most nodes
 * have one unnamed input and one unnamed output; a condition node has one named output per case
 * plus `default`; start has no input and output has no output. The canvas draws handles from this,
 * validate() checks edges against it and compile() routes by it, so the three cannot disagree.
 */
import { nodeKindDefinition, type NodeData } from './node-kinds'
import type { HandleSpec, NodeKind } from './node-kinds/definition'

export type { HandleSpec } from './node-kinds/definition'

export function hasInput(kind: NodeKind): boolean {
  return nodeKindDefinition(kind).hasInput
}

/** By kind, answered once: it parses the kind's default data, and validation asks for every node and every edge. */
const outputByKind = new Map<NodeKind, boolean>()

export function hasOutput(kind: NodeKind): boolean {
  let answer = outputByKind.get(kind)
  if (answer === undefined) {
    answer = nodeKindDefinition(kind).sourceHandles(nodeKindDefinition(kind).dataSchema.parse({})).length > 0
    outputByKind.set(kind, answer)
  }
  return answer
}

/** Anything with a kind and that kind's data: a document node, or a canvas node's pieces. */
export type KindAndData = { [K in NodeKind]: { kind: K; data: NodeData<K> } }[NodeKind]

export function sourceHandles(node: KindAndData): HandleSpec[] {
  return nodeKindDefinition(node.kind).sourceHandles(node.data)
}

export function targetHandles(node: { kind: NodeKind }): HandleSpec[] {
  return hasInput(node.kind) ? [{ id: undefined }] : []
}

/** True when `handle` (an edge's sourceHandle) names one of the node's outputs; a node with one unnamed output takes any. */
export function isValidSourceHandle(node: KindAndData, handle: string | undefined): boolean {
  const handles = sourceHandles(node)
  if (handles.every((spec) => spec.id === undefined)) return handles.length > 0
  return handles.some((spec) => spec.id === handle)
}
