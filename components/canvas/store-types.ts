/**
 * The canvas store's state, by slice: the graph being edited, the selection, the undo log, and
 * what the server has of the workflow. Each slice is built in its own module (store-*-slice.ts);
 * store.ts puts them together into one store per open canvas.
 */
import type { WorkflowSettings } from '@/lib/contracts/workflows'
import type { Connection, EdgeChange, NodeChange, XYPosition } from '@xyflow/react'
import type { StateCreator, StoreApi } from 'zustand/vanilla'
import type { GraphDocument } from '@/lib/graph/document'
import type { GraphProblem } from '@/lib/graph/problems'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'
import type { CanvasEdge, CanvasNode } from './adapter'
import type { GraphFragment } from './clipboard'
import type { History } from './history'

export interface CanvasInit {
  workflowId: string
  name: string
  document: GraphDocument
  /** The latest saved version number, or null before the first save. */
  version: number | null
  /** The workflow's settings as opened with it (undefined for a draft): checks start from them without asking the API. */
  settings?: WorkflowSettings
  /** The workspace the workflow belongs to (undefined for a draft: it is made in the current one). */
  workspaceId?: string | null
}

/** React Flow's nodes and edges, and every change a person makes to them (each one undoable). */
export interface GraphSlice {
  nodes: CanvasNode[]
  edges: CanvasEdge[]
  onNodesChange: (changes: NodeChange<CanvasNode>[]) => void
  onEdgesChange: (changes: EdgeChange<CanvasEdge>[]) => void
  onConnect: (connection: Connection) => void
  addNode: (kind: NodeKind, position: XYPosition) => string | undefined
  updateNodeData: (nodeId: string, data: NodeData, mergeKey?: string) => void
  /** Several changes as one undo step, e.g. removing a condition case together with its edges. */
  updateNodeDataAndRemoveEdges: (nodeId: string, data: NodeData, edgeIds: string[]) => void
  setEdgeCondition: (edgeId: string, condition: string | undefined) => void
  deleteElements: (nodeIds: string[], edgeIds: string[]) => void
  /** Pastes copied nodes and edges (renamed, moved by `offset`) as one undo step and selects them; answers the new node ids. */
  insertFragment: (fragment: GraphFragment, offset?: XYPosition) => string[]
  moveNodes: (positions: Record<string, XYPosition>) => void
  toDocument: () => GraphDocument
}

/** The selection lives on the nodes and edges (React Flow's `selected`); it is never recorded for undo. */
export interface SelectionSlice {
  selectOnly: (target: { nodeId?: string; edgeId?: string }) => void
  selectAll: () => void
  deleteSelection: () => void
}

export interface HistorySlice {
  history: History
  undo: () => void
  redo: () => void
}

/** What the server has of this workflow, and how the canvas compares with it. */
export interface SavedStateSlice {
  workflowId: string
  name: string
  version: number | null
  /** The workflow's settings as the editor opened with them (see CanvasInit.settings). */
  openedSettings: WorkflowSettings | undefined
  /** The last saved document, as toDocument answered it; the canvas is dirty when its document differs (selectIsDirty). */
  savedDocument: GraphDocument
  /** Problems the server answered a save with (400 invalid_graph); cleared by the next change. */
  serverProblems: GraphProblem[]
  setName: (name: string) => void
  /** A draft was just created on the server: it is that workflow now, at `version`; the canvas keeps its changes. */
  adoptWorkflow: (workflowId: string, name: string, version: number) => void
  /** `document`: what toDocument answered for the save. */
  markSaved: (version: number, document: GraphDocument) => void
  /** Replaces the canvas by a saved version (someone else's, after a refused save), discarding local edits and the undo log. */
  loadSavedVersion: (version: number, document: GraphDocument) => void
  setServerProblems: (problems: GraphProblem[]) => void
}

/**
 * Editing live with others (live-binding.ts binds the store to the shared document): undo and redo go
 * to the person's own undo manager, and a follower (runner, viewer) changes nothing.
 */
export interface LiveEditing {
  /** Nothing on the canvas can be changed: the person follows the others read-only. */
  readOnly: boolean
  /** Added to new node ids, so that two people adding an agent at once do not both make `agent-3`. */
  idSuffix: string
  canUndo: boolean
  canRedo: boolean
  undo: () => void
  redo: () => void
}

export interface LiveSlice {
  /** Null while the canvas is edited alone (a draft, or before the live document arrived). */
  live: LiveEditing | null
  /**
   * The person's role in the workflow's workspace lets them look (and run), not change (EditorWorkspaceProvider):
   * the canvas is read-only live or not, as a live follower's is.
   */
  roleReadOnly: boolean
}

export type CanvasState = GraphSlice & SelectionSlice & HistorySlice & SavedStateSlice & LiveSlice

export type CanvasStore = StoreApi<CanvasState>

/** A slice's part of the store, built with access to the whole state. */
export type CanvasSlice<Slice> = StateCreator<CanvasState, [], [], Slice>
