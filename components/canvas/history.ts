/**
 * Undo/redo as a bounded log of commands, each with an exact inverse (no snapshots of the whole
 * graph). Consecutive moves of the same nodes merge into one entry, so a drag — or several drags
 * of the same node in a row — undo in one step; consecutive edits of the same field merge too,
 * so typing a paragraph is one step.
 */
import type { XYPosition } from '@xyflow/react'
import { withNodeData, type CanvasEdge, type CanvasNode } from './adapter'

export interface CanvasGraph {
  nodes: CanvasNode[]
  edges: CanvasEdge[]
}

export type Command =
  | { type: 'add'; nodes: CanvasNode[]; edges: CanvasEdge[] }
  /** Items keep their index so that undo puts them back where they were (z-order, ids in order). */
  | { type: 'remove'; nodes: Array<{ node: CanvasNode; index: number }>; edges: Array<{ edge: CanvasEdge; index: number }> }
  | { type: 'move'; moves: Record<string, { from: XYPosition; to: XYPosition }> }
  | { type: 'node_data'; nodeId: string; before: CanvasNode['data']; after: CanvasNode['data']; mergeKey?: string }
  | { type: 'edge_data'; edgeId: string; before: CanvasEdge; after: CanvasEdge }
  | { type: 'batch'; commands: Command[] }

export const HISTORY_CAPACITY = 100

export interface History {
  past: Command[]
  future: Command[]
}

export const emptyHistory: History = { past: [], future: [] }

export function applyCommand(graph: CanvasGraph, command: Command): CanvasGraph {
  switch (command.type) {
    case 'add':
      return { nodes: [...graph.nodes, ...command.nodes], edges: [...graph.edges, ...command.edges] }
    case 'remove': {
      const nodeIds = new Set(command.nodes.map((item) => item.node.id))
      const edgeIds = new Set(command.edges.map((item) => item.edge.id))
      return {
        nodes: graph.nodes.filter((node) => !nodeIds.has(node.id)),
        edges: graph.edges.filter((edge) => !edgeIds.has(edge.id)),
      }
    }
    case 'move':
      return {
        ...graph,
        nodes: graph.nodes.map((node) => {
          const move = command.moves[node.id]
          return move ? { ...node, position: { ...move.to } } : node
        }),
      }
    case 'node_data':
      return { ...graph, nodes: graph.nodes.map((node) => (node.id === command.nodeId ? withNodeData(node, command.after) : node)) }
    case 'edge_data':
      return { ...graph, edges: graph.edges.map((edge) => (edge.id === command.edgeId ? command.after : edge)) }
    case 'batch':
      return command.commands.reduce(applyCommand, graph)
  }
}

/** Undo = apply the inverse. The inverse of removing is re-inserting at the old indices. */
export function revertCommand(graph: CanvasGraph, command: Command): CanvasGraph {
  switch (command.type) {
    case 'add': {
      const nodeIds = new Set(command.nodes.map((node) => node.id))
      const edgeIds = new Set(command.edges.map((edge) => edge.id))
      return {
        nodes: graph.nodes.filter((node) => !nodeIds.has(node.id)),
        edges: graph.edges.filter((edge) => !edgeIds.has(edge.id)),
      }
    }
    case 'remove':
      return {
        nodes: insertAt(
          graph.nodes,
          command.nodes.map((i) => ({ item: i.node, index: i.index })),
        ),
        edges: insertAt(
          graph.edges,
          command.edges.map((i) => ({ item: i.edge, index: i.index })),
        ),
      }
    case 'move': {
      const swapped: Command = { type: 'move', moves: {} }
      for (const [id, move] of Object.entries(command.moves)) swapped.moves[id] = { from: move.to, to: move.from }
      return applyCommand(graph, swapped)
    }
    case 'node_data':
      return applyCommand(graph, { ...command, before: command.after, after: command.before })
    case 'edge_data':
      return applyCommand(graph, { ...command, before: command.after, after: command.before })
    case 'batch':
      return [...command.commands].reverse().reduce(revertCommand, graph)
  }
}

function insertAt<T>(list: T[], items: Array<{ item: T; index: number }>): T[] {
  const result = [...list]
  for (const { item, index } of [...items].sort((a, b) => a.index - b.index)) result.splice(Math.min(index, result.length), 0, item)
  return result
}

/** Merges `next` into `last` when both describe one continuing gesture; undefined when they don't. */
function merge(last: Command, next: Command): Command | undefined {
  if (last.type === 'move' && next.type === 'move') {
    const lastIds = Object.keys(last.moves).sort()
    const nextIds = Object.keys(next.moves).sort()
    if (lastIds.length !== nextIds.length || lastIds.some((id, i) => id !== nextIds[i])) return undefined
    const moves: Record<string, { from: XYPosition; to: XYPosition }> = {}
    for (const id of lastIds) moves[id] = { from: last.moves[id]!.from, to: next.moves[id]!.to }
    return { type: 'move', moves }
  }
  if (last.type === 'node_data' && next.type === 'node_data') {
    if (!next.mergeKey || last.mergeKey !== next.mergeKey || last.nodeId !== next.nodeId) return undefined
    return { ...next, before: last.before }
  }
  return undefined
}

/** Records a new command: merges with the last one when possible, drops the oldest past capacity, clears redo. */
export function record(history: History, command: Command, capacity = HISTORY_CAPACITY): History {
  const last = history.past[history.past.length - 1]
  const merged = last ? merge(last, command) : undefined
  const past = merged ? [...history.past.slice(0, -1), merged] : [...history.past, command]
  return { past: past.length > capacity ? past.slice(past.length - capacity) : past, future: [] }
}

export function undo(history: History, graph: CanvasGraph): { history: History; graph: CanvasGraph } | undefined {
  const command = history.past[history.past.length - 1]
  if (!command) return undefined
  return {
    history: { past: history.past.slice(0, -1), future: [...history.future, command] },
    graph: revertCommand(graph, command),
  }
}

export function redo(history: History, graph: CanvasGraph): { history: History; graph: CanvasGraph } | undefined {
  const command = history.future[history.future.length - 1]
  if (!command) return undefined
  return {
    history: { past: [...history.past, command], future: history.future.slice(0, -1) },
    graph: applyCommand(graph, command),
  }
}
