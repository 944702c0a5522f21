'use client'

import { createContext, useContext, type ReactNode } from 'react'

const Context = createContext<string | null | undefined>(undefined)

/** Whose model credentials an agent form offers: the saved agent's workspace (the canvas says its workflow's instead). */
export function CredentialsWorkspaceProvider({ workspaceId, children }: { workspaceId: string | null | undefined; children: ReactNode }) {
  return <Context.Provider value={workspaceId}>{children}</Context.Provider>
}

/** The workspace a provider above names; undefined without one. */
export function useCredentialsWorkspaceId(): string | null | undefined {
  return useContext(Context)
}
