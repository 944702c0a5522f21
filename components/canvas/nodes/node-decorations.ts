'use client'

import { createContext, useContext } from 'react'
import type { ProblemCounts } from '../use-problems'

/**
 * What nodes show beyond their data — validation markers and run status — comes through context,
 * not node data, so decorating a node never changes (or dirties) the document.
 */
export type NodeStatus = 'idle' | 'running' | 'succeeded' | 'failed' | 'waiting'

/** A node's breakpoints (this browser's, use-breakpoints.ts): pause before it runs, after it ran. */
export interface NodeBreakpoints {
  before: boolean
  after: boolean
}

export interface NodeDecorations {
  problems: ReadonlyMap<string, ProblemCounts>
  status?: ReadonlyMap<string, NodeStatus>
  /** Nodes whose output the workflow pins (debug runs send the pin instead of running them). */
  pinned?: ReadonlySet<string>
  breakpoints?: ReadonlyMap<string, NodeBreakpoints>
}

const empty: NodeDecorations = { problems: new Map() }

export const NodeDecorationsContext = createContext<NodeDecorations>(empty)

export function useNodeDecorations(nodeId: string): { problems?: ProblemCounts; status?: NodeStatus; pinned: boolean; breakpoints?: NodeBreakpoints } {
  const decorations = useContext(NodeDecorationsContext)
  return {
    problems: decorations.problems.get(nodeId),
    status: decorations.status?.get(nodeId),
    pinned: decorations.pinned?.has(nodeId) ?? false,
    breakpoints: decorations.breakpoints?.get(nodeId),
  }
}
