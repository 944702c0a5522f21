'use client'

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { listMcpServers } from '@/components/mcp/mcp-api'
import type { McpServerSummary } from '@/lib/contracts/mcp-servers'
import type { WorkflowSummary } from '@/lib/contracts/workflows'
import { listWorkflows } from './api'

export type Loadable<T> = { state: 'loading' } | { state: 'ready'; items: T[] } | { state: 'error'; message: string }

export interface EditorResources {
  mcpServers: Loadable<McpServerSummary>
  workflows: Loadable<WorkflowSummary>
}

const EditorResourcesContext = createContext<EditorResources>({ mcpServers: { state: 'loading' }, workflows: { state: 'loading' } })

function useLoadable<T>(load: () => Promise<T[]>): Loadable<T> {
  const [value, setValue] = useState<Loadable<T>>({ state: 'loading' })
  useEffect(() => {
    let cancelled = false
    load().then(
      (items) => !cancelled && setValue({ state: 'ready', items }),
      (error: unknown) => !cancelled && setValue({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      cancelled = true
    }
  }, [load])
  return value
}

const loadMcpServers = async (): Promise<McpServerSummary[]> => (await listMcpServers()).servers

/** Lists the inspector picks from (MCP servers, workflows for sub-workflow nodes), loaded once per editor. */
export function EditorResourcesProvider({ children }: { children: ReactNode }) {
  const mcpServers = useLoadable(loadMcpServers)
  const workflows = useLoadable(listWorkflows)
  return <EditorResourcesContext.Provider value={{ mcpServers, workflows }}>{children}</EditorResourcesContext.Provider>
}

export function useEditorResources(): EditorResources {
  return useContext(EditorResourcesContext)
}
