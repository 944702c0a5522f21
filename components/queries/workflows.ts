'use client'

/** Workflows: the list, one workflow opened in the editor, its settings, and the changes made to them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  createWorkflow,
  deleteWorkflow,
  duplicateWorkflow,
  getWorkflow,
  listWorkflows,
  renameWorkflow,
  saveLiveVersion,
  saveVersion,
  updateWorkflowDetails,
  updateWorkflowSettings,
} from '@/components/canvas/workflows-api'
import { canvasInitOf } from '@/components/canvas/canvas-init'
import type { CanvasInit } from '@/components/canvas/store'
import { serverFactKeys } from './server-facts'
import { starterDocument, type GraphDocument } from '@/lib/graph/document'
import type { WorkflowTemplate } from '@/lib/graph/templates'
import type { CreateWorkflowRequest, DeleteWorkflowRuns, WorkflowSettings } from '@/lib/contracts/workflows'
import { useCurrentWorkspaceId } from '@/components/workspaces/CurrentWorkspaceProvider'
import type { McpToolSetting } from '@/lib/contracts/mcp-tools'

export const workflowKeys = {
  all: ['workflows'] as const,
  /** Every list without a workspace (the prefix of them all); one workspace's with one. */
  list: (workspaceId?: string) =>
    workspaceId === undefined ? ([...workflowKeys.all, 'list'] as const) : ([...workflowKeys.all, 'list', workspaceId] as const),
  detail: (workflowId: string) => [...workflowKeys.all, 'detail', workflowId] as const,
  settings: (workflowId: string) => [...workflowKeys.detail(workflowId), 'settings'] as const,
  mcpTool: (workflowId: string) => [...workflowKeys.detail(workflowId), 'mcpTool'] as const,
}

/**
 * `enabled: false` asks for nothing yet (what is cached still answers): for a list needed only once a menu opens.
 * `workspaceId`: that workspace's workflows; without it, those of every workspace the person sees.
 */
export function useWorkflowsQuery({ enabled = true, workspaceId }: { enabled?: boolean; workspaceId?: string } = {}) {
  return useQuery({ queryKey: workflowKeys.list(workspaceId), queryFn: () => listWorkflows(workspaceId), enabled })
}

/** The name a draft shows until the person names it (or saves it under that name). */
export const DRAFT_NAME = 'Untitled workflow'

/**
 * A new workflow not created yet (`/workflows/new`): it exists only in the editor until it is
 * first saved or named, so "New workflow" never leaves an empty "Untitled workflow" behind. From a
 * template, it starts as the template's document under the template's title.
 */
export function draftCanvasInit(template?: Pick<WorkflowTemplate, 'title' | 'document'>): CanvasInit {
  if (template) return { workflowId: '', name: template.title, document: structuredClone(template.document), version: null }
  return { workflowId: '', name: DRAFT_NAME, document: starterDocument(), version: null }
}

/**
 * The workflow the editor opens, loaded once per opening. The canvas store is seeded from it and
 * then owns the document, so the query never refetches while the editor is open (a refetch could
 * not reach the canvas anyway) and is dropped when the editor closes: opening it again starts
 * from what the server has now, never from a copy from before the last save. A document that
 * cannot be migrated is this query's error. The editor does not use it when the page brought the
 * canvas with it (`workflowId` null then, as for a draft).
 */
export function useWorkflowForEditorQuery(workflowId: string | null) {
  return useQuery({
    queryKey: workflowKeys.detail(workflowId ?? ''),
    queryFn: () => getWorkflow(workflowId ?? ''),
    // Nothing to load (a draft, or a canvas the page brought).
    enabled: workflowId !== null,
    select: canvasInitOf,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

/** A workflow's settings, loaded afresh each time a settings dialog opens (it edits a copy of them); none for an unsaved workflow (''). */
/** `opened`: the settings the page brought with the workflow; then nothing is asked until they change here. */
export function useWorkflowSettingsQuery(workflowId: string, opened?: WorkflowSettings) {
  return useQuery({
    queryKey: workflowKeys.settings(workflowId),
    queryFn: async () => (await getWorkflow(workflowId)).workflow.settings,
    enabled: workflowId !== '',
    ...(opened ? { initialData: opened, staleTime: Infinity } : {}),
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
}

/** How the workflow is offered at /mcp, loaded afresh each time the details dialog opens. */
export function useWorkflowMcpToolQuery(workflowId: string) {
  return useQuery({
    queryKey: workflowKeys.mcpTool(workflowId),
    queryFn: async () => (await getWorkflow(workflowId)).workflow.mcpTool,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
}

/**
 * Marks the list stale; the list page shows the change when it is next shown (or at once, if it
 * is). The server's facts name the workflows and their sub-workflows, so they go stale too.
 */
function useInvalidateWorkflowList() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: workflowKeys.list() })
    void queryClient.invalidateQueries({ queryKey: serverFactKeys.all })
  }
}

/** Makes a workflow in the current workspace (unless the request names one). */
export function useCreateWorkflow() {
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({ mutationFn: (input: CreateWorkflowRequest) => createWorkflow({ workspaceId, ...input }), onSuccess: useInvalidateWorkflowList() })
}

export function useRenameWorkflow(workflowId: string) {
  return useMutation({ mutationFn: (name: string) => renameWorkflow(workflowId, name), onSuccess: useInvalidateWorkflowList() })
}

/** Saving a version changes the list's latest version and update time. */
export function useSaveVersionMutation() {
  return useMutation({
    mutationFn: ({ workflowId, document, baseVersion, note }: { workflowId: string; document: GraphDocument; baseVersion: number; note?: string }) =>
      saveVersion(workflowId, document, baseVersion, note),
    onSuccess: useInvalidateWorkflowList(),
  })
}

/** Saves the live document as a version (use-save-version.ts, when the canvas is edited live). */
export function useSaveLiveVersionMutation() {
  return useMutation({
    mutationFn: ({ workflowId, note }: { workflowId: string; note?: string }) => saveLiveVersion(workflowId, note),
    onSuccess: useInvalidateWorkflowList(),
  })
}

export function useDeleteWorkflow() {
  return useMutation({
    mutationFn: ({ id, runs }: { id: string; runs: DeleteWorkflowRuns }) => deleteWorkflow(id, runs),
    onSuccess: useInvalidateWorkflowList(),
  })
}

export function useDuplicateWorkflow() {
  return useMutation({ mutationFn: ({ id, name }: { id: string; name?: string }) => duplicateWorkflow(id, name), onSuccess: useInvalidateWorkflowList() })
}

export function useUpdateWorkflowDetails(workflowId: string) {
  return useMutation({
    mutationFn: (details: { name?: string; description?: string; mcpTool?: McpToolSetting }) => updateWorkflowDetails(workflowId, details),
    onSuccess: useInvalidateWorkflowList(),
  })
}

export function useSaveWorkflowSettings(workflowId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: WorkflowSettings) => updateWorkflowSettings(workflowId, settings),
    onSuccess: (saved) => queryClient.setQueryData(workflowKeys.settings(workflowId), saved),
  })
}
