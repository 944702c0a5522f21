'use client'

import { toast } from 'sonner'
import { errorMessage } from '@/components/api-client'
import { useWorkflowPinMutations, useWorkflowPinsQuery } from '@/components/queries/workflow-pins'
import { Button } from '@/components/ui'
import type { PutWorkflowPinBody } from '@/lib/contracts/workflow-pins'

export interface PinOutputButtonProps {
  workflowId: string
  runId: string
  nodeId: string
  /** What the node sent on in this run (executor_completed's messages). */
  sent: unknown
}

/** The value a pin sends: a node sends its pin as one message, so one message sent is pinned as itself. */
function pinValueOf(sent: unknown): PutWorkflowPinBody['value'] {
  const value = Array.isArray(sent) && sent.length === 1 ? sent[0] : sent
  return (value ?? null) as PutWorkflowPinBody['value']
}

/**
 * "Pin this output" on the run page: what the node sent in this run becomes the workflow's pin for it, which debug
 * runs of the workflow send instead of running the node (issue #31). Replaces the node's pin, if it has one.
 */
export function PinOutputButton({ workflowId, runId, nodeId, sent }: PinOutputButtonProps) {
  const pins = useWorkflowPinsQuery(workflowId)
  const { pin } = useWorkflowPinMutations(workflowId)
  const current = pins.data?.find((candidate) => candidate.nodeId === nodeId)
  const pinnedHere = current?.pinnedFromRunId === runId && JSON.stringify(current.value) === JSON.stringify(pinValueOf(sent))
  const onPin = () =>
    pin.mutate(
      { nodeId, value: pinValueOf(sent), basedOn: current?.updatedAt ?? null, pinnedFromRunId: runId },
      {
        onSuccess: () => toast.success('Pinned: debug runs of the workflow send this output instead of running the node.'),
        onError: (error) => toast.error(`Could not pin the output: ${errorMessage(error)}`),
      },
    )
  return (
    <div className="flex items-center gap-2">
      <Button size="sm" variant="secondary" onClick={onPin} disabled={pin.isPending || pins.isLoading || pinnedHere} data-testid="pin-output">
        {pinnedHere ? 'Pinned' : current ? 'Pin this output instead' : 'Pin this output'}
      </Button>
      {current && !pinnedHere ? <span className="text-[11px] text-zinc-500">The node has another pin; this replaces it.</span> : null}
    </div>
  )
}
