'use client'

/** Runs: the list (polled while a run is going), one run for its page, and starting and cancelling. */
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import { startRun } from '@/components/canvas/workflows-api'
import { actOnPausedRun, cancelRun, getRun, listRuns } from '@/components/runs/runs-api'
import type { DebugAction } from '@/lib/contracts/run-debug'
import { isTerminalStatus, type RunStatus, type RunSummary, type RunTriggerKind } from '@/lib/contracts/runs'

export const runKeys = {
  all: ['runs'] as const,
  lists: () => [...runKeys.all, 'list'] as const,
  list: (workflowId: string | undefined, status?: RunStatus, workspaceId?: string, trigger?: RunTriggerKind) =>
    [...runKeys.lists(), { workflowId: workflowId ?? null, status: status ?? null, workspaceId: workspaceId ?? null, trigger: trigger ?? null }] as const,
  detail: (runId: string) => [...runKeys.all, 'detail', runId] as const,
}

/** How often the list asks again while one of its runs has not ended. */
export const RUNS_REFRESH_MS = 5_000

export function anyRunActive(runs: readonly RunSummary[] | undefined): boolean {
  return runs?.some((run) => !isTerminalStatus(run.status)) ?? false
}

const newestFirst = (runs: RunSummary[]) => [...runs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))

/** Runs, newest first; asked again every few seconds (while the tab is shown) as long as one is going. */
export function useRunsQuery(workflowId?: string, status?: RunStatus, workspaceId?: string, trigger?: RunTriggerKind) {
  return useQuery({
    queryKey: runKeys.list(workflowId, status, workspaceId, trigger),
    queryFn: () => listRuns(workflowId, status, workspaceId, trigger),
    select: newestFirst,
    refetchInterval: (query: Query<RunSummary[]>) => (anyRunActive(query.state.data) ? RUNS_REFRESH_MS : false),
  })
}

/**
 * One run, loaded once for its page. The page follows the run over SSE from there, so this query
 * never refetches by itself (no refetch on focus or reconnect) and is dropped when the page is
 * left: coming back loads the run afresh rather than starting the view from an old copy.
 */
export function useRunQuery(runId: string) {
  return useQuery({
    queryKey: runKeys.detail(runId),
    queryFn: () => getRun(runId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function useStartRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startRun,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: runKeys.lists() }),
  })
}

export function useCancelRun(runId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => cancelRun(runId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: runKeys.lists() }),
  })
}

/** Continue, step or stop a debug run paused at a breakpoint; the run's page follows what happens next through its events. */
export function useActOnPausedRun(runId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: DebugAction) => actOnPausedRun(runId, action),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: runKeys.lists() }),
  })
}
