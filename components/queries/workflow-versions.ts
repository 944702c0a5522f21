'use client'

/** A workflow's history: the list of versions, one version with its graph, and restoring one as the newest. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getVersion, listVersions, restoreVersion } from '@/components/canvas/workflows-api'
import { workflowKeys } from './workflows'

export const versionKeys = {
  list: (workflowId: string) => [...workflowKeys.all, 'versions', workflowId] as const,
  one: (workflowId: string, version: number) => [...versionKeys.list(workflowId), version] as const,
}

export function useVersionsQuery(workflowId: string) {
  return useQuery({ queryKey: versionKeys.list(workflowId), queryFn: () => listVersions(workflowId) })
}

/** A saved version never changes, so it is fetched once. */
export function useVersionQuery(workflowId: string, version: number | undefined) {
  return useQuery({
    queryKey: versionKeys.one(workflowId, version ?? 0),
    queryFn: () => getVersion(workflowId, version!),
    enabled: version !== undefined,
    staleTime: Infinity,
  })
}

/**
 * A restore adds a version: the history and the workflow list (latest version, update time) are stale. `base` is
 * the newest version the history showed: a version saved since refuses the restore (409), and the history reloads.
 */
export function useRestoreVersion(workflowId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ version, base }: { version: number; base?: number }) => restoreVersion(workflowId, version, base),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: versionKeys.list(workflowId) })
      void queryClient.invalidateQueries({ queryKey: workflowKeys.list() })
    },
  })
}
