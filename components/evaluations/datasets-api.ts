/** The datasets views' requests (the fetch client itself is components/api-client.ts). */
import { fetchParsed } from '@/components/api-client'
import {
  datasetListResponseSchema,
  datasetResponseSchema,
  deletedDatasetResponseSchema,
  type CreateDatasetRequest,
  type DatasetFormat,
  type DatasetResponse,
  type DatasetRowInput,
  type DatasetSummary,
} from '@/lib/contracts/datasets'

export const datasetUrl = (id: string) => `/api/datasets/${encodeURIComponent(id)}`

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) })

/** The datasets of one workspace, or of every workspace the person sees. */
export async function listDatasets(workspaceId?: string): Promise<DatasetSummary[]> {
  const query = workspaceId ? `?workspaceId=${encodeURIComponent(workspaceId)}` : ''
  return (await fetchParsed(datasetListResponseSchema, `/api/datasets${query}`)).datasets
}

/** A dataset and the rows of its latest version, or of `version`. */
export function getDataset(id: string, version?: number): Promise<DatasetResponse> {
  return fetchParsed(datasetResponseSchema, version === undefined ? datasetUrl(id) : `${datasetUrl(id)}?version=${version}`)
}

export function createDataset(body: CreateDatasetRequest): Promise<DatasetResponse> {
  return fetchParsed(datasetResponseSchema, '/api/datasets', post(body))
}

export async function deleteDataset(id: string): Promise<{ id: string }> {
  return (await fetchParsed(deletedDatasetResponseSchema, datasetUrl(id), { method: 'DELETE' })).deleted
}

export interface SaveRowsBody {
  rows: DatasetRowInput[]
  /** The version the edit started from: a newer one saved since is a 409 `stale_version`. */
  baseVersion: number
  note?: string
}

/** The rows as they now are, as a new version on top of `baseVersion`. */
export function saveDatasetRows(id: string, body: SaveRowsBody): Promise<DatasetResponse> {
  return fetchParsed(datasetResponseSchema, `${datasetUrl(id)}/versions`, post(body))
}

export interface ImportBody {
  format: DatasetFormat
  content: string
  mode: 'append' | 'replace'
  baseVersion?: number
}

export function importDatasetRows(id: string, body: ImportBody): Promise<DatasetResponse> {
  return fetchParsed(datasetResponseSchema, `${datasetUrl(id)}/import`, post(body))
}

/** A run's input as a new row, its outputs as the expected answer (on top of the latest version). */
export function addRowFromRun(id: string, runId: string): Promise<DatasetResponse> {
  return fetchParsed(datasetResponseSchema, `${datasetUrl(id)}/rows/from-run`, post({ runId }))
}

/** Where the browser downloads a version's rows from (an attachment). */
export function datasetExportUrl(id: string, format: DatasetFormat, version?: number): string {
  const query = new URLSearchParams({ format })
  if (version !== undefined) query.set('version', String(version))
  return `${datasetUrl(id)}/export?${query.toString()}`
}
