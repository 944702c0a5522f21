/** The experiments views' requests (the fetch client itself is components/api-client.ts). */
import { fetchParsed } from '@/components/api-client'
import {
  experimentComparisonSchema,
  experimentListResponseSchema,
  experimentResponseSchema,
  experimentResultsResponseSchema,
  type CreateExperimentRequest,
  type ExperimentComparison,
  type ExperimentResultsResponse,
  type ExperimentView,
} from '@/lib/contracts/experiments'

export const experimentUrl = (id: string) => `/api/experiments/${encodeURIComponent(id)}`

/** The latest experiments, of one dataset or of all. */
export async function listExperiments(datasetId?: string): Promise<ExperimentView[]> {
  const query = datasetId ? `?datasetId=${encodeURIComponent(datasetId)}` : ''
  return (await fetchParsed(experimentListResponseSchema, `/api/experiments${query}`)).experiments
}

export async function getExperiment(id: string): Promise<ExperimentView> {
  return (await fetchParsed(experimentResponseSchema, experimentUrl(id))).experiment
}

export function getExperimentResults(id: string): Promise<ExperimentResultsResponse> {
  return fetchParsed(experimentResultsResponseSchema, `${experimentUrl(id)}/results`)
}

export async function createExperiment(body: CreateExperimentRequest): Promise<ExperimentView> {
  return (await fetchParsed(experimentResponseSchema, '/api/experiments', { method: 'POST', body: JSON.stringify(body) })).experiment
}

export async function cancelExperiment(id: string): Promise<ExperimentView> {
  return (await fetchParsed(experimentResponseSchema, `${experimentUrl(id)}/cancel`, { method: 'POST' })).experiment
}

/** `id` against `baselineId`: deltas are id − baseline. */
export function compareExperiments(id: string, baselineId: string): Promise<ExperimentComparison> {
  return fetchParsed(experimentComparisonSchema, `${experimentUrl(id)}/compare/${encodeURIComponent(baselineId)}`)
}
