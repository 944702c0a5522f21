'use client'

import { ReactFlowProvider, useReactFlow } from '@xyflow/react'
import dynamic from 'next/dynamic'
import { useCallback, useRef, useState } from 'react'
import { useHydrated } from '@/components/ui/use-hydrated'
import { ApiError, errorMessage } from '@/components/api-client'
import { draftCanvasInit, useWorkflowForEditorQuery } from '@/components/queries/workflows'
import type { NodeKind } from '@/lib/graph/node-data'
import type { WorkflowTemplate } from '@/lib/graph/templates'
import type { CanvasEdge, CanvasNode } from './adapter'
import { computeLayout } from './auto-layout'
import { FlowCanvas, NODE_DROP_OFFSET } from './FlowCanvas'
import { Inspector } from './inspector/Inspector'
import { Palette } from './Palette'
import { CanvasProblemsProvider } from './CanvasProblemsProvider'
import { ProblemsPanel } from './ProblemsPanel'
import { selectIsDirty, selectReadOnly, type CanvasInit } from './store'
import { CanvasStoreProvider, useCanvasStore, useCanvasStoreApi } from './CanvasStoreProvider'
import { fitViewOptionsFor, isSmallGraph } from './fit-view'
import { Toolbar } from './Toolbar'
import { WorkflowEditorPlaceholder } from './WorkflowEditorPlaceholder'
import { useKeyboardShortcuts } from './use-keyboard-shortcuts'
import { useClipboardShortcuts } from './use-clipboard-shortcuts'
import { useLeaveGuard } from './use-leave-guard'
import { LeaveEditorDialog } from './LeaveEditorDialog'
import { SaveConflictDialog } from './SaveConflictDialog'
import { useSaveVersion } from './use-save-version'
import { freeSpotNear } from './placement'
import { LiveSessionContext, useLiveSession, useLiveSessionContext, type LivePerson } from './use-live-session'
import { LiveStatusBanner } from './LiveStatusBanner'
import { useLivePresencePublisher } from './use-live-presence-publisher'
import { EditorAccessBanner } from './EditorAccessBanner'
import { EditorWorkspaceProvider } from './EditorWorkspaceProvider'

// Not needed for the first paint: its code loads after the canvas'.
const RunDialog = dynamic(() => import('./RunDialog').then((module) => module.RunDialog), { ssr: false })

export interface WorkflowEditorProps {
  /** `null` opens a draft, empty or from `template`. */
  workflowId: string | null
  /** The canvas read with the page; without it the workflow is loaded through the API. */
  initialCanvas?: CanvasInit
  /** A draft's template, looked up by the page (the gallery's documents stay out of the editor's scripts). */
  template?: Pick<WorkflowTemplate, 'title' | 'document'>
  /** Shown above a draft's canvas (a template that was asked for and does not exist). */
  notice?: string
  /** The signed-in person: a saved workflow is then edited live with the others who have it open. */
  person?: LivePerson
}

/** The workflow editor page body. */
export function WorkflowEditor({ workflowId, initialCanvas, template, notice, person }: WorkflowEditorProps) {
  const load = useWorkflowForEditorQuery(initialCanvas ? null : workflowId)
  // A saved workflow's canvas draws in the browser only, as when it was fetched there: a large graph would make a large
  // page and a long hydration, and React Flow measures its nodes in the browser anyway. Drafts are small and render on the server.
  const hydrated = useHydrated()
  const [draft] = useState(() => (workflowId === null ? draftCanvasInit(template) : null))
  const init = draft ?? initialCanvas ?? load.data

  if ((!init && load.isPending) || (workflowId !== null && !hydrated)) {
    return <WorkflowEditorPlaceholder />
  }
  if (!init) {
    const notFound = load.error instanceof ApiError && load.error.status === 404
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-2 text-sm">
        <p className="font-medium text-zinc-800">{notFound ? 'This workflow does not exist.' : 'The workflow could not be loaded.'}</p>
        <p className="text-zinc-500">{errorMessage(load.error)}</p>
        <a href="/workflows" className="text-indigo-600 hover:underline">
          Back to workflows
        </a>
      </div>
    )
  }
  return (
    <ReactFlowProvider>
      <CanvasStoreProvider init={init}>
        {/* Outside the problems: they are checked against the facts of the workflow's workspace. */}
        <EditorWorkspaceProvider workspaceId={init.workspaceId}>
          <CanvasProblemsProvider>
            <EditorLayout notice={notice} person={person} />
          </CanvasProblemsProvider>
        </EditorWorkspaceProvider>
      </CanvasStoreProvider>
    </ReactFlowProvider>
  )
}

function EditorLayout({ notice, person }: { notice?: string; person?: LivePerson }) {
  const workflowId = useCanvasStore((s) => s.workflowId)
  const live = useLiveSession(workflowId, person ?? null)
  return (
    <LiveSessionContext.Provider value={live}>
      <EditorBody notice={notice} />
    </LiveSessionContext.Provider>
  )
}

function EditorBody({ notice }: { notice?: string }) {
  const store = useCanvasStoreApi()
  const { screenToFlowPosition, fitView } = useReactFlow<CanvasNode, CanvasEdge>()
  const canvasRef = useRef<HTMLDivElement>(null)
  const live = useLiveSessionContext()
  const { save, status, conflict, saveOver, dismissConflict, conflictReloaded } = useSaveVersion(live)
  const workflowId = useCanvasStore((s) => s.workflowId)
  const [runOpen, setRunOpen] = useState(false)
  const [layingOut, setLayingOut] = useState(false)
  // Small graphs need no minimap (and one would sit over their nodes); larger ones start with it.
  const [minimapChoice, setMinimapChoice] = useState<boolean | null>(null)
  const nodeCount = useCanvasStore((s) => s.nodes.length)
  const minimap = minimapChoice ?? !isSmallGraph(nodeCount)
  const fitOptions = useCallback(() => fitViewOptionsFor(store.getState().nodes.length, minimap), [store, minimap])

  // Ctrl+S: a runner or viewer saves nothing (the banner says why), and a live save waits for the connection (the server saves what it has).
  const readOnly = useCanvasStore(selectReadOnly)
  const cannotSave = readOnly || live.status === 'refused' || (live.bound && live.status === 'offline')
  const onSave = useCallback(() => {
    if (!cannotSave) void save()
  }, [save, cannotSave])
  useKeyboardShortcuts({ onSave, canvasRef })
  const [clipboardError, setClipboardError] = useState<string>()
  const [noticeShown, setNoticeShown] = useState(true)
  useClipboardShortcuts({ canvasRef, onError: setClipboardError })

  // Live, every change is kept by the shared document: leaving loses only what has not reached the server yet.
  const { bound: liveBound, hasUnsyncedChanges, synced } = live
  const isDirty = useCallback(() => (liveBound ? hasUnsyncedChanges() : selectIsDirty(store.getState())), [store, liveBound, hasUnsyncedChanges])
  const leaveGuard = useLeaveGuard(isDirty, liveBound ? synced : undefined)
  useLivePresencePublisher(canvasRef)

  /** Click-to-add: the middle of the visible canvas, or the nearest free spot below or beside it. */
  const addAtCenter = useCallback(
    (kind: NodeKind) => {
      const rect = canvasRef.current?.getBoundingClientRect()
      if (!rect) return
      const center = screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 })
      const topLeft = screenToFlowPosition({ x: rect.left, y: rect.top })
      const bottomRight = screenToFlowPosition({ x: rect.right, y: rect.bottom })
      const origin = { x: center.x - NODE_DROP_OFFSET.x, y: center.y - NODE_DROP_OFFSET.y }
      const visible = { minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y }
      store.getState().addNode(kind, freeSpotNear(origin, store.getState().nodes, visible))
    },
    [screenToFlowPosition, store],
  )

  const reveal = useCallback(
    ({ nodeId, edgeId }: { nodeId?: string; edgeId?: string }) => {
      store.getState().selectOnly({ nodeId, edgeId })
      const edge = edgeId ? store.getState().edges.find((e) => e.id === edgeId) : undefined
      const ids = nodeId ? [nodeId] : edge ? [edge.source, edge.target] : []
      if (ids.length > 0) void fitView({ ...fitOptions(), nodes: ids.map((id) => ({ id })), duration: 300, maxZoom: 1.1 })
    },
    [fitView, fitOptions, store],
  )

  const autoLayout = useCallback(async () => {
    setLayingOut(true)
    try {
      const { nodes, edges, moveNodes } = store.getState()
      const rect = canvasRef.current?.getBoundingClientRect()
      moveNodes(await computeLayout(nodes, edges, rect && rect.height > 0 ? rect.width / rect.height : undefined))
      requestAnimationFrame(() => void fitView({ ...fitOptions(), duration: 300 }))
    } finally {
      setLayingOut(false)
    }
  }, [fitView, fitOptions, store])

  const toggleMinimap = useCallback(() => {
    const shown = !minimap
    setMinimapChoice(shown)
    // Shown, it takes the bottom-right corner: fit again so that no node is left under it.
    if (shown) requestAnimationFrame(() => void fitView({ ...fitViewOptionsFor(store.getState().nodes.length, true), duration: 200 }))
  }, [fitView, minimap, store])

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Toolbar onSave={onSave} save={save} saveStatus={status} onRun={() => setRunOpen(true)} onAutoLayout={() => void autoLayout()} layingOut={layingOut} />
      <EditorAccessBanner />
      <LiveStatusBanner />
      {notice && noticeShown ? (
        <p role="status" data-testid="editor-notice" className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900">
          {notice}{' '}
          <button type="button" className="underline" onClick={() => setNoticeShown(false)}>
            Dismiss
          </button>
        </p>
      ) : null}
      <div className="flex min-h-0 flex-1">
        <Palette onAdd={addAtCenter} />
        <div className="flex min-w-0 flex-1 flex-col">
          <FlowCanvas ref={canvasRef} minimap={minimap} onToggleMinimap={toggleMinimap} />
          {clipboardError ? (
            <p role="alert" data-testid="clipboard-error" className="border-t border-red-200 bg-red-50 px-3 py-1.5 text-xs text-red-800">
              {clipboardError}{' '}
              <button type="button" className="underline" onClick={() => setClipboardError(undefined)}>
                Dismiss
              </button>
            </p>
          ) : null}
          <ProblemsPanel onReveal={reveal} />
        </div>
        <Inspector />
      </div>
      <RunDialog open={runOpen} onClose={() => setRunOpen(false)} save={save} />
      <LeaveEditorDialog guard={leaveGuard} />
      <SaveConflictDialog
        workflowId={workflowId}
        conflict={conflict}
        onKeepMine={(refused) => void saveOver(refused)}
        onReloaded={conflictReloaded}
        onClose={dismissConflict}
      />
    </div>
  )
}
