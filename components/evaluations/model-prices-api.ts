/** Model prices and run costs (cost in currency, issue #31); the fetch client itself is components/api-client.ts. */
import { fetchParsed } from '@/components/api-client'
import { modelPricesResponseSchema, runCostResponseSchema, type ModelPrice, type ModelPricesResponse, type RunCostResponse } from '@/lib/contracts/model-prices'

const pricesUrl = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/model-prices`

export function getModelPrices(workspaceId: string): Promise<ModelPricesResponse> {
  return fetchParsed(modelPricesResponseSchema, pricesUrl(workspaceId))
}

export function saveModelPrices(workspaceId: string, prices: readonly ModelPrice[]): Promise<ModelPricesResponse> {
  return fetchParsed(modelPricesResponseSchema, pricesUrl(workspaceId), { method: 'PUT', body: JSON.stringify({ prices }) })
}

export function getRunCost(runId: string): Promise<RunCostResponse> {
  return fetchParsed(runCostResponseSchema, `/api/runs/${encodeURIComponent(runId)}/cost`)
}
