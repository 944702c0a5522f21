'use client'

/** A workflow's pinned outputs (issue #31): read by the canvas (badges, inspector) and the run page; changes reload the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PutWorkflowPinBody } from '@/lib/contracts/workflow-pins'
import { deleteWorkflowPin, listWorkflowPins, putWorkflowPin } from '@/components/canvas/workflow-pins-api'

export const workflowPinKeys = {
  all: ['workflow-pins'] as const,
  list: (workflowId: string) => [...workflowPinKeys.all, workflowId] as const,
}

export function useWorkflowPinsQuery(workflowId: string | null | undefined) {
  return useQuery({
    queryKey: workflowPinKeys.list(workflowId ?? ''),
    queryFn: () => listWorkflowPins(workflowId!),
    enabled: Boolean(workflowId),
  })
}

export interface PinChange {
  nodeId: string
  value: PutWorkflowPinBody['value']
  /** The updatedAt of the pin it replaces (null: the node has none). */
  basedOn: string | null
  pinnedFromRunId?: string
}

export function useWorkflowPinMutations(workflowId: string) {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: workflowPinKeys.list(workflowId) })
  return {
    pin: useMutation({
      mutationFn: ({ nodeId, ...body }: PinChange) => putWorkflowPin(workflowId, nodeId, body),
      onSettled,
    }),
    unpin: useMutation({ mutationFn: (nodeId: string) => deleteWorkflowPin(workflowId, nodeId), onSettled }),
  }
}
