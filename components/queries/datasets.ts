'use client'

/** Datasets: the list, one dataset (a version of it), and the changes that make new versions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  addRowFromRun,
  createDataset,
  deleteDataset,
  getDataset,
  importDatasetRows,
  listDatasets,
  saveDatasetRows,
  type ImportBody,
  type SaveRowsBody,
} from '@/components/evaluations/datasets-api'
import { getWorkflow } from '@/components/canvas/workflows-api'
import type { CreateDatasetRequest, DatasetResponse } from '@/lib/contracts/datasets'
import { declaredInputFields } from '@/lib/graph/run-input'
import { workflowKeys } from './workflows'

export const datasetKeys = {
  all: ['datasets'] as const,
  lists: () => [...datasetKeys.all, 'list'] as const,
  list: (workspaceId?: string) => [...datasetKeys.lists(), { workspaceId: workspaceId ?? null }] as const,
  detail: (id: string) => [...datasetKeys.all, 'detail', id] as const,
  version: (id: string, version?: number) => [...datasetKeys.detail(id), { version: version ?? 'latest' }] as const,
}

export function useDatasetsQuery({ workspaceId, enabled = true }: { workspaceId?: string; enabled?: boolean } = {}) {
  return useQuery({ queryKey: datasetKeys.list(workspaceId), queryFn: () => listDatasets(workspaceId), enabled })
}

/** One version of a dataset (the latest when `version` is undefined). */
export function useDatasetQuery(id: string, version?: number) {
  return useQuery({ queryKey: datasetKeys.version(id, version), queryFn: () => getDataset(id, version) })
}

/** A saved version becomes the latest: cache it as such, and let lists show its new version. */
function useSavedVersion() {
  const queryClient = useQueryClient()
  return (saved: DatasetResponse) => {
    queryClient.setQueryData(datasetKeys.version(saved.dataset.id), saved)
    queryClient.setQueryData(datasetKeys.version(saved.dataset.id, saved.version.version), saved)
    void queryClient.invalidateQueries({ queryKey: datasetKeys.lists() })
  }
}

export function useCreateDataset() {
  const saved = useSavedVersion()
  return useMutation({ mutationFn: (body: CreateDatasetRequest) => createDataset(body), onSuccess: saved })
}

export function useSaveDatasetRows(id: string) {
  const saved = useSavedVersion()
  return useMutation({ mutationFn: (body: SaveRowsBody) => saveDatasetRows(id, body), onSuccess: saved })
}

export function useImportDatasetRows(id: string) {
  const saved = useSavedVersion()
  return useMutation({ mutationFn: (body: ImportBody) => importDatasetRows(id, body), onSuccess: saved })
}

export function useAddRowFromRun() {
  const saved = useSavedVersion()
  return useMutation({ mutationFn: ({ datasetId, runId }: { datasetId: string; runId: string }) => addRowFromRun(datasetId, runId), onSuccess: saved })
}

export function useDeleteDataset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDataset,
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: datasetKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: datasetKeys.lists() })
    },
  })
}

/** The workflow typing a dataset's inputs: its name and its start node's declared fields (latest version; none: free text). */
export function useDatasetTypingQuery(workflowId: string | null) {
  return useQuery({
    queryKey: [...workflowKeys.detail(workflowId ?? ''), 'start-fields'] as const,
    queryFn: () => getWorkflow(workflowId ?? ''),
    enabled: workflowId !== null,
    select: (found) => ({ name: found.workflow.name, fields: found.latestVersion ? declaredInputFields(found.latestVersion.graph) : [] }),
  })
}
