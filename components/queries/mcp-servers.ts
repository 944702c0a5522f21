'use client'

/**
 * MCP servers: the list (the servers page and the editor's picker), one server's detail, the
 * changes made to them, and "Test connection". A test's result is kept with its mutation, under
 * the server's key, so that a change to the server can drop it wherever it is shown.
 */
import { useMutation, useMutationState, useQuery, useQueryClient, type MutationState, type QueryClient } from '@tanstack/react-query'
import { createMcpServer, deleteMcpServer, getMcpServer, importManifest, listMcpServers, testMcpServer, updateMcpServer } from '@/components/mcp/mcp-api'
import { useCurrentWorkspaceId } from '@/components/workspaces/CurrentWorkspaceProvider'
import type { McpServerListResponse, McpTestResult } from '@/lib/contracts/mcp-servers'

export const mcpServerKeys = {
  all: ['mcp-servers'] as const,
  /** Without a workspace, the prefix of every list; with one, that workspace's. */
  list: (workspaceId?: string) =>
    workspaceId === undefined ? ([...mcpServerKeys.all, 'list'] as const) : ([...mcpServerKeys.all, 'list', workspaceId] as const),
  detail: (id: string) => [...mcpServerKeys.all, 'detail', id] as const,
  /** A mutation key: the connection tests of one server. */
  connectionTest: (id: string) => [...mcpServerKeys.all, 'connection-test', id] as const,
}

/** The servers of `workspace` (default: the current one), and whether the person may add stdio servers. */
export function useMcpServersQuery(workspace?: string) {
  const current = useCurrentWorkspaceId()
  const workspaceId = workspace ?? current
  return useQuery({ queryKey: mcpServerKeys.list(workspaceId), queryFn: () => listMcpServers(workspaceId) })
}

/** One server of the current workspace, with the workflows that reference it. */
export function useMcpServerQuery(id: string) {
  const workspaceId = useCurrentWorkspaceId()
  return useQuery({ queryKey: [...mcpServerKeys.detail(id), workspaceId ?? null], queryFn: () => getMcpServer(id, workspaceId) })
}

/** Drops the results of "Test connection" for a server: they describe a configuration it no longer has. */
export function forgetConnectionTests(queryClient: QueryClient, id: string): void {
  const mutations = queryClient.getMutationCache()
  for (const test of mutations.findAll({ mutationKey: mcpServerKeys.connectionTest(id), exact: true })) mutations.remove(test)
}

/** A saved configuration: the list and the server's detail are stale, and so is any connection test of it. */
export function markServerSaved(queryClient: QueryClient, id: string): void {
  forgetConnectionTests(queryClient, id)
  void queryClient.invalidateQueries({ queryKey: mcpServerKeys.list() })
  void queryClient.invalidateQueries({ queryKey: mcpServerKeys.detail(id) })
}

export function markServerRemoved(queryClient: QueryClient, id: string): void {
  forgetConnectionTests(queryClient, id)
  queryClient.removeQueries({ queryKey: mcpServerKeys.detail(id) })
  void queryClient.invalidateQueries({ queryKey: mcpServerKeys.list() })
}

/** Shows a server enabled or disabled in the cached list at once, before the server has answered. */
export function showServerEnabled(queryClient: QueryClient, id: string, enabled: boolean): void {
  queryClient.setQueriesData<McpServerListResponse>({ queryKey: mcpServerKeys.list() }, (list) =>
    list ? { ...list, servers: list.servers.map((server) => (server.id === id ? { ...server, enabled } : server)) } : list,
  )
}

export function useCreateMcpServer() {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => createMcpServer(body, workspaceId),
    onSuccess: (server) => markServerSaved(queryClient, server.id),
  })
}

export function useUpdateMcpServer() {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) => updateMcpServer(id, patch, workspaceId),
    onSuccess: (_server, { id }) => markServerSaved(queryClient, id),
  })
}

/**
 * The enabled switch of a row: flipped at once, flipped back if the change fails. Whether agents
 * may use a server does not change what it connects to, so its connection test stays.
 */
export function useSetMcpServerEnabled() {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({
    mutationFn: ({ id, enabled, baseVersion }: { id: string; enabled: boolean; baseVersion: number }) =>
      updateMcpServer(id, { enabled, baseVersion }, workspaceId),
    onMutate: async ({ id, enabled }) => {
      // A list fetched before the change must not land after the flip and undo it on screen.
      await queryClient.cancelQueries({ queryKey: mcpServerKeys.list() })
      showServerEnabled(queryClient, id, enabled)
    },
    onError: (_error, { id, enabled }) => showServerEnabled(queryClient, id, !enabled),
    onSettled: (_server, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: mcpServerKeys.list() })
      void queryClient.invalidateQueries({ queryKey: mcpServerKeys.detail(id) })
    },
  })
}

export function useDeleteMcpServer() {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({ mutationFn: (id: string) => deleteMcpServer(id, workspaceId), onSuccess: (_removed, id) => markServerRemoved(queryClient, id) })
}

/** Imports into the current workspace, as adding servers one by one does. */
export function useImportManifest() {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({
    mutationFn: (body: Parameters<typeof importManifest>[0]) => importManifest(body, workspaceId),
    onSuccess: ({ updated }) => {
      for (const id of updated) forgetConnectionTests(queryClient, id)
      void queryClient.invalidateQueries({ queryKey: mcpServerKeys.all })
    },
  })
}

/** What an import into the current workspace would do, each server with its problems (a dry run: nothing is written, so nothing to refresh). */
export function usePreviewImport() {
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({
    mutationFn: (body: Omit<Parameters<typeof importManifest>[0], 'dryRun'>) => importManifest({ ...body, dryRun: true }, workspaceId),
  })
}

export type ConnectionTestState = MutationState<McpTestResult, Error, void, unknown>

/** "Test connection" of one server: `latest` is the state of the last test still valid (none after a change). */
export function useMcpServerConnectionTest(id: string): { latest: ConnectionTestState | undefined; run: () => void } {
  const mutationKey = mcpServerKeys.connectionTest(id)
  const workspaceId = useCurrentWorkspaceId()
  const test = useMutation({ mutationKey, mutationFn: () => testMcpServer(id, workspaceId) })
  const states = useMutationState({ filters: { mutationKey, exact: true }, select: (mutation) => mutation.state as ConnectionTestState })
  // The cache lists mutations in the order they started: the last one is the newest.
  return { latest: states.at(-1), run: () => test.mutate() }
}
