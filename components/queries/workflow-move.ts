'use client'

/** Moving a workflow to another workspace (its own module: it touches the workflow, run and approval lists alike). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { workspacesApi } from '@/components/workspaces/workspaces-api'
import { approvalKeys } from './approvals'
import { runKeys } from './runs'
import { serverFactKeys } from './server-facts'
import { workflowKeys } from './workflows'

/** Moves a workflow (with its runs) to another workspace: every list and the workflow itself are stale then. */
export function useMoveWorkflow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ workflowId, workspaceId }: { workflowId: string; workspaceId: string }) => workspacesApi.moveWorkflow(workflowId, workspaceId),
    onSuccess: () => {
      for (const queryKey of [workflowKeys.all, runKeys.all, approvalKeys.all, serverFactKeys.all]) void queryClient.invalidateQueries({ queryKey })
    },
  })
}
