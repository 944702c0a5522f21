'use client'

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useCanvasStore, useCanvasStoreApi } from './CanvasStoreProvider'
import { useCurrentWorkspace } from '@/components/workspaces/CurrentWorkspaceProvider'
import { canEdit, canRun } from '@/components/workspaces/current-workspace'
import type { WorkspaceRole, WorkspaceView } from '@/lib/contracts/workspaces'

export interface EditorAccess {
  /** The workflow's workspace (a draft's: the current one, where its first save makes it). */
  workspaceId: string | null
  workspace: WorkspaceView | undefined
  role: WorkspaceRole | undefined
  /** The person may look and run (a runner) or only look (a viewer), not save: the editor says so and offers no Save. */
  readOnly: boolean
  canRun: boolean
  /** The workflow moved to another workspace (the Workflow menu's "Move to workspace…"). */
  moved: (workspaceId: string) => void
}

const Context = createContext<EditorAccess | null>(null)

/** What the person may do with the open workflow, by their role in its workspace. */
export function EditorWorkspaceProvider({ workspaceId: opened, children }: { workspaceId: string | null | undefined; children: ReactNode }) {
  const { current, byId } = useCurrentWorkspace()
  // A draft belongs to no workspace yet: it follows the current one (which a `?workspace=` link may set after the first
  // render), and its first save makes it there; from then on it stays where it was made, or where it is moved.
  const draft = useCanvasStore((state) => state.workflowId === '')
  const [pinned, setPinned] = useState<string | null | undefined>(opened)
  const followed = current?.id ?? null
  useEffect(() => {
    if (!draft && pinned === undefined) setPinned(followed)
  }, [draft, pinned, followed])
  const workspaceId = pinned === undefined ? followed : pinned
  const workspace = byId(workspaceId)
  const value = useMemo<EditorAccess>(() => {
    const role = workspace?.role
    // An unknown workspace (not in the person's list) is left to the server to judge: no banner.
    return { workspaceId, workspace, role, readOnly: role !== undefined && !canEdit(role), canRun: role === undefined || canRun(role), moved: setPinned }
  }, [workspaceId, workspace])
  // The canvas follows the role: a runner or viewer can neither drag nor type into it (store-history-slice.ts).
  const store = useCanvasStoreApi()
  useEffect(() => store.setState({ roleReadOnly: value.readOnly }), [store, value.readOnly])
  return <Context.Provider value={value}>{children}</Context.Provider>
}

const EVERYTHING: EditorAccess = { workspaceId: null, workspace: undefined, role: undefined, readOnly: false, canRun: true, moved: () => {} }

export function useEditorAccess(): EditorAccess {
  return useContext(Context) ?? EVERYTHING
}
