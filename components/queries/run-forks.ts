'use client'

/** Time travel on a run's page: its checkpoints, the state at one, its fork tree, and forking it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { compareRuns, forkRun, getCheckpoint, getRunForks, listCheckpoints } from '@/components/runs/runs-api'
import type { CreateForkBody } from '@/lib/contracts/run-forks'
import type { RunStatus } from '@/lib/contracts/runs'
import { runKeys } from './runs'

export const runForkKeys = {
  checkpoints: (runId: string, status: RunStatus) => [...runKeys.all, 'checkpoints', runId, status] as const,
  checkpoint: (runId: string, checkpointId: string) => [...runKeys.all, 'checkpoint', runId, checkpointId] as const,
  forks: (runId: string) => [...runKeys.all, 'forks', runId] as const,
  compare: (a: string, b: string) => [...runKeys.all, 'compare', a, b] as const,
}

/** The run's checkpoints; asked again when its status changes (a running run adds one a superstep). */
export function useRunCheckpoints(runId: string, status: RunStatus) {
  return useQuery({ queryKey: runForkKeys.checkpoints(runId, status), queryFn: () => listCheckpoints(runId) })
}

/** The state at one checkpoint (checkpoints never change once stored). */
export function useRunCheckpoint(runId: string, checkpointId: string | null) {
  return useQuery({
    queryKey: runForkKeys.checkpoint(runId, checkpointId ?? ''),
    queryFn: () => getCheckpoint(runId, checkpointId!),
    enabled: checkpointId !== null,
    staleTime: Infinity,
  })
}

export function useRunForks(runId: string) {
  return useQuery({ queryKey: runForkKeys.forks(runId), queryFn: () => getRunForks(runId) })
}

/** Two runs side by side (any two, forks or not). */
export function useRunComparison(a: string, b: string) {
  return useQuery({ queryKey: runForkKeys.compare(a, b), queryFn: () => compareRuns(a, b) })
}

/** Forks the run; the fork tree and the run lists change. */
export function useForkRun(runId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateForkBody) => forkRun(runId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: runForkKeys.forks(runId) })
      void queryClient.invalidateQueries({ queryKey: runKeys.lists() })
    },
  })
}
