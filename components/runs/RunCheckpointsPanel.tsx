'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from 'sonner'
import { errorMessage } from '@/components/api-client'
import { useForkRun, useRunCheckpoint, useRunCheckpoints } from '@/components/queries/run-forks'
import { Button, cn } from '@/components/ui'
import type { ForkEdit } from '@/lib/contracts/run-forks'
import type { RunStatus } from '@/lib/contracts/runs'
import { ForkDialog } from './ForkDialog'
import { JsonDisclosure } from './JsonDisclosure'
import { Panel } from './Panel'

export interface RunCheckpointsPanelProps {
  runId: string
  status: RunStatus
  labelOf: (executorId: string) => string
}

/**
 * Time travel: the run's checkpoints, one per superstep; the state at the one selected (messages in flight, the
 * agents' conversations as they stood, pending requests, each node's state); and forks from it — replayed as it
 * was, or with one message edited. A fork is a new run, whose page opens.
 */
export function RunCheckpointsPanel({ runId, status, labelOf }: RunCheckpointsPanelProps) {
  const router = useRouter()
  const checkpoints = useRunCheckpoints(runId, status)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const detail = useRunCheckpoint(runId, selectedId)
  const fork = useForkRun(runId)
  const [editing, setEditing] = useState(false)

  const start = (edits: ForkEdit[]) =>
    fork.mutate(
      { checkpointId: selectedId!, edits },
      {
        onSuccess: ({ run, fork: origin }) => {
          setEditing(false)
          toast.success('Fork started', { description: `From superstep ${origin.superstep}${edits.length > 0 ? ', edited' : ''}` })
          router.push(`/runs/${run.id}`)
        },
        onError: (error) => toast.error('The run could not be forked', { description: errorMessage(error) }),
      },
    )

  const list = checkpoints.data ?? []
  return (
    <Panel title="Checkpoints" data-testid="run-checkpoints">
      {checkpoints.isError ? <p className="text-sm text-red-700">{errorMessage(checkpoints.error)}</p> : null}
      {checkpoints.isSuccess && list.length === 0 ? <p className="text-sm text-zinc-500">No checkpoint yet: one is stored after each superstep.</p> : null}
      <ol className="flex flex-wrap gap-1.5" aria-label="Supersteps">
        {list.map((checkpoint) => (
          <li key={checkpoint.id}>
            <button
              type="button"
              data-testid={`checkpoint-${checkpoint.superstep}`}
              aria-pressed={checkpoint.id === selectedId}
              title={`${checkpoint.executors.length} node(s) with state, ${checkpoint.messagesInFlight} message(s) in flight, ${checkpoint.pendingRequests} pending request(s)`}
              onClick={() => setSelectedId(checkpoint.id === selectedId ? null : checkpoint.id)}
              className={cn(
                'rounded-md border px-2 py-1 text-xs tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-500',
                checkpoint.id === selectedId ? 'border-indigo-500 bg-indigo-50 text-indigo-800' : 'border-zinc-200 text-zinc-700 hover:bg-zinc-50',
              )}
            >
              Superstep {checkpoint.superstep}
              {checkpoint.pendingRequests > 0 ? ' · waiting' : ''}
            </button>
          </li>
        ))}
      </ol>
      {selectedId && detail.isError ? <p className="mt-2 text-sm text-red-700">{errorMessage(detail.error)}</p> : null}
      {selectedId && detail.data ? (
        <div className="mt-3 flex flex-col gap-2 text-sm" data-testid="checkpoint-detail">
          <p className="text-xs text-zinc-600">
            After superstep {detail.data.superstep}: {detail.data.messagesInFlight} message(s) in flight, {detail.data.pendingRequests.length} pending
            request(s).
          </p>
          {Object.entries(detail.data.conversations).map(([nodeId, messages]) => (
            <div key={nodeId}>
              <h3 className="text-xs font-medium text-zinc-700">{labelOf(nodeId)}</h3>
              {messages.length === 0 ? (
                <p className="text-xs text-zinc-500">Nothing said yet.</p>
              ) : (
                <ol className="flex flex-col gap-0.5">
                  {messages.map((message) => (
                    <li key={message.index} className="text-xs break-words text-zinc-700">
                      <span className="font-medium">{message.role}:</span> {message.text}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ))}
          <JsonDisclosure label="Messages in flight" value={detail.data.messages} />
          {detail.data.pendingRequests.length > 0 ? <JsonDisclosure label="Pending requests" value={detail.data.pendingRequests} /> : null}
          <JsonDisclosure label="Node states" value={detail.data.executorStates} />
          <JsonDisclosure label="Workflow state" value={detail.data.state} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" data-testid="checkpoint-replay" disabled={fork.isPending} onClick={() => start([])}>
              Replay from here
            </Button>
            <Button size="sm" data-testid="checkpoint-fork" disabled={fork.isPending} onClick={() => setEditing(true)}>
              Fork with edits…
            </Button>
          </div>
          {editing ? (
            <ForkDialog
              open
              onClose={() => setEditing(false)}
              detail={detail.data}
              labelOf={labelOf}
              pending={fork.isPending}
              error={fork.isError ? errorMessage(fork.error) : null}
              onFork={start}
            />
          ) : null}
        </div>
      ) : null}
    </Panel>
  )
}
