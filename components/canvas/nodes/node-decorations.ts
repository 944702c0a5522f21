'use client'

import { createContext, useContext } from 'react'
import type { ProblemCounts } from '../use-problems'

/**
 * What nodes show beyond their data — validation markers and run status — comes through context,
 * not node data, so decorating a node never changes (or dirties) the document.
 */
export type NodeStatus = 'idle' | 'running' | 'succeeded' | 'failed' | 'waiting'

export interface NodeDecorations {
  problems: ReadonlyMap<string, ProblemCounts>
  status?: ReadonlyMap<string, NodeStatus>
}

const empty: NodeDecorations = { problems: new Map() }

export const NodeDecorationsContext = createContext<NodeDecorations>(empty)

export function useNodeDecorations(nodeId: string): { problems?: ProblemCounts; status?: NodeStatus } {
  const decorations = useContext(NodeDecorationsContext)
  return { problems: decorations.problems.get(nodeId), status: decorations.status?.get(nodeId) }
}
