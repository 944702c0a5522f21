'use client'

import { useState } from 'react'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'

export interface WorkspaceScope {
  /** What a list asks for: the current workspace's id, or undefined for every workspace the person sees. */
  workspaceId: string | undefined
  all: boolean
  setAll: (all: boolean) => void
  /** The person sees several workspaces (the list may offer "All workspaces" and name each row's). */
  several: boolean
}

/** A list's scope: the current workspace (as the switcher says), or, when the person asks, all of theirs. */
export function useWorkspaceScope(): WorkspaceScope {
  const { current, several } = useCurrentWorkspace()
  const [all, setAll] = useState(false)
  return { workspaceId: all && several ? undefined : current?.id, all: all && several, setAll, several }
}
