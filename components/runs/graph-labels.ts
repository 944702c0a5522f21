/** Display names for graph nodes and the executors that run them. */
import { NODE_REGISTRY } from '@/components/canvas/node-kinds'
import { isNodeKind } from '@/lib/graph/document'
import { nodeIdForExecutor } from './event-data'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { RunGraph, RunGraphNode } from '@/lib/contracts/runs'

export function kindLabel(kind: string): string {
  return isNodeKind(kind) ? NODE_REGISTRY[kind].label : kind.replace(/_/g, ' ')
}

/** A node's own label, else its name (agents), else its kind. */
export function nodeLabel(node: RunGraphNode): string {
  for (const key of ['label', 'name'] as const) {
    const value = node.data?.[key]
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
  }
  return kindLabel(node.kind)
}

/** Maps executor ids to readable names: "Researcher", or "Team › writer" for a participant. */
export function executorLabeler(graph: RunGraph): (executorId: string) => string {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]))
  const nodeIds = graph.nodes.map((node) => node.id)
  return (executorId) => {
    const nodeId = nodeIdForExecutor(executorId, nodeIds)
    const node = nodeId ? nodes.get(nodeId) : undefined
    if (!node || !nodeId) return executorId
    if (nodeId === executorId) return nodeLabel(node)
    return `${nodeLabel(node)} › ${executorId.slice(nodeId.length + 1)}`
  }
}

/** A node's title as people named it: its label, else its agent's name, else its id. */
export function nodeTitle(node: RunGraphNode): string {
  for (const key of ['label', 'name'] as const) {
    const value = node.data?.[key]
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
  }
  return node.id
}

/**
 * Who asks for an approval, by title: the node an approval raised by a workflow step names as its
 * source (an executor id), or the source as stored (an MCP server's name) when it is no node.
 */
export function approvalSourceLabeler(graph: RunGraph): (approval: Pick<ApprovalView, 'source'>) => string {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]))
  const nodeIds = graph.nodes.map((node) => node.id)
  return ({ source }) => {
    const nodeId = nodeIdForExecutor(source, nodeIds)
    const node = nodeId ? nodes.get(nodeId) : undefined
    return node ? nodeTitle(node) : source
  }
}
