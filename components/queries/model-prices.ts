'use client'

/** A workspace's model price table, and what a run cost by it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getModelPrices, getRunCost, saveModelPrices } from '@/components/evaluations/model-prices-api'
import type { ModelPrice } from '@/lib/contracts/model-prices'

export const modelPriceKeys = {
  all: ['model-prices'] as const,
  workspace: (workspaceId: string) => [...modelPriceKeys.all, 'workspace', workspaceId] as const,
  /** A run's cost changes with its usage: asked again when its status changes (and when prices are saved). */
  run: (runId: string, status: string) => [...modelPriceKeys.all, 'run', runId, status] as const,
}

export function useModelPricesQuery(workspaceId: string) {
  return useQuery({ queryKey: modelPriceKeys.workspace(workspaceId), queryFn: () => getModelPrices(workspaceId) })
}

export function useSaveModelPrices(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (prices: readonly ModelPrice[]) => saveModelPrices(workspaceId, prices),
    onSuccess: (saved) => {
      queryClient.setQueryData(modelPriceKeys.workspace(workspaceId), saved)
      void queryClient.invalidateQueries({ queryKey: [...modelPriceKeys.all, 'run'] })
    },
  })
}

export function useRunCostQuery(runId: string, status: string, enabled = true) {
  return useQuery({ queryKey: modelPriceKeys.run(runId, status), queryFn: () => getRunCost(runId), enabled })
}
