'use client'

/** A workflow's pinned outputs (issue #31): read by the canvas (badges, inspector) and the run page; changes reload the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PutWorkflowPinBody } from '@/lib/contracts/workflow-pins'
import { deleteWorkflowPin, listNodeInputs, listWorkflowPins, putWorkflowPin } from '@/components/canvas/workflow-pins-api'

export const workflowPinKeys = {
  all: ['workflow-pins'] as const,
  list: (workflowId: string) => [...workflowPinKeys.all, workflowId] as const,
  nodeInputs: (workflowId: string, nodeId: string) => [...workflowPinKeys.all, workflowId, 'node-inputs', nodeId] as const,
}

export function useWorkflowPinsQuery(workflowId: string | null | undefined) {
  return useQuery({
    queryKey: workflowPinKeys.list(workflowId ?? ''),
    queryFn: () => listWorkflowPins(workflowId!),
    enabled: Boolean(workflowId),
  })
}

/** What the node received in the workflow's latest runs that reached it (asked for only when `enabled`). */
export function useNodeInputsQuery(workflowId: string, nodeId: string, enabled: boolean) {
  return useQuery({ queryKey: workflowPinKeys.nodeInputs(workflowId, nodeId), queryFn: () => listNodeInputs(workflowId, nodeId), enabled })
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
