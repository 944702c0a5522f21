'use client'

/**
 * MCP servers as the editor and the delete and import dialogs use them. The servers page keeps
 * its own list for now; the changes made here still mark the cached list stale, so the editor's
 * picker asks again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { deleteMcpServer, getMcpServer, importManifest, listMcpServers } from '@/components/mcp/mcp-api'

export const mcpServerKeys = {
  all: ['mcp-servers'] as const,
  list: () => [...mcpServerKeys.all, 'list'] as const,
  detail: (id: string) => [...mcpServerKeys.all, 'detail', id] as const,
}

/** The servers the signed-in person may see (and whether they may add stdio servers). */
export function useMcpServersQuery() {
  return useQuery({ queryKey: mcpServerKeys.list(), queryFn: listMcpServers })
}

/** One server, with the workflows that reference it. */
export function useMcpServerQuery(id: string) {
  return useQuery({ queryKey: mcpServerKeys.detail(id), queryFn: () => getMcpServer(id) })
}

export function useDeleteMcpServer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMcpServer,
    onSuccess: (_removed, id) => {
      queryClient.removeQueries({ queryKey: mcpServerKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: mcpServerKeys.list() })
    },
  })
}

export function useImportManifest() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: importManifest, onSuccess: () => void queryClient.invalidateQueries({ queryKey: mcpServerKeys.all }) })
}
