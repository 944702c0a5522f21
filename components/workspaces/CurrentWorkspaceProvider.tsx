'use client'

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useWorkspacesQuery } from '@/components/queries/workspaces'
import type { WorkspaceView } from '@/lib/contracts/workspaces'
import { canEdit, canRun, pickCurrentWorkspace, workspaceCookie, workspaceFromSearch } from './current-workspace'

export interface CurrentWorkspace {
  /** The signed-in person's user id (to tell them apart in member lists). */
  personId: string | null
  /** The person's workspaces, personal first. */
  workspaces: WorkspaceView[]
  /** Where the lists look and new things are made; null only for a person in no workspace at all. */
  current: WorkspaceView | null
  select: (id: string) => void
  /** The person sees more than one workspace (lists then name each item's). */
  several: boolean
  byId: (id: string | null | undefined) => WorkspaceView | undefined
}

const Context = createContext<CurrentWorkspace | null>(null)

/**
 * The workspace the person works in, for every signed-in page. The layout hands it the list and the remembered id (its
 * cookie), so the first render is already right; `?workspace=` in the address (a link from a teammate) wins once.
 */
export function CurrentWorkspaceProvider({
  personId,
  initialWorkspaces,
  initialId,
  children,
}: {
  personId: string
  initialWorkspaces: WorkspaceView[]
  initialId: string | null
  children: ReactNode
}) {
  const workspaces = useWorkspacesQuery(initialWorkspaces).data ?? initialWorkspaces
  const [wanted, setWanted] = useState(initialId)

  const select = useCallback((id: string) => {
    setWanted(id)
    document.cookie = workspaceCookie(id, window.location.protocol === 'https:')
  }, [])

  useEffect(() => {
    const linked = workspaceFromSearch(window.location.search)
    if (linked) select(linked)
  }, [select])

  const value = useMemo<CurrentWorkspace>(
    () => ({
      personId,
      workspaces,
      current: pickCurrentWorkspace(workspaces, wanted),
      select,
      several: workspaces.length > 1,
      byId: (id) => workspaces.find((workspace) => workspace.id === id),
    }),
    [personId, workspaces, wanted, select],
  )
  return <Context.Provider value={value}>{children}</Context.Provider>
}

/** Outside the signed-in pages (a shared run): no workspaces, nothing to say about them. */
const NONE: CurrentWorkspace = { personId: null, workspaces: [], current: null, select: () => {}, several: false, byId: () => undefined }

export function useCurrentWorkspace(): CurrentWorkspace {
  return useContext(Context) ?? NONE
}

/** The current workspace's id (undefined while there is none): what lists filter by and creations name. */
export function useCurrentWorkspaceId(): string | undefined {
  return useCurrentWorkspace().current?.id
}

/**
 * What the person's role in the current workspace lets the list pages offer: a control the role does not allow is
 * not shown at all (the API's 403 stays the real check). Admins are owners of every workspace they see. With no
 * workspace at all (outside the signed-in pages) nothing is held back: the server decides.
 */
export function useCurrentWorkspaceAccess(): { canEdit: boolean; canRun: boolean } {
  const { current } = useCurrentWorkspace()
  return current === null ? { canEdit: true, canRun: true } : { canEdit: canEdit(current.role), canRun: canRun(current.role) }
}
