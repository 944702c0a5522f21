'use client'

import { useCallback, useState } from 'react'
import { Button } from '@/components/ui'
import { cancelMcpTask, errorMessage } from './api-client'
import { taskKey, type TaskCancelState, type TaskRef } from './mcp-tasks'

export interface TaskCancelAttempt {
  sending: boolean
  /** The request was taken: the task is being cancelled until it reports an end. */
  sent: boolean
  error: string | null
}

const IDLE: TaskCancelAttempt = { sending: false, sent: false, error: null }

/**
 * The Cancel requests made from this view, by task. Kept above the timeline rows: a task's button
 * moves to its newest line with every status change, and must not forget it was pressed.
 */
export function useTaskCancels(runId: string) {
  const [attempts, setAttempts] = useState<ReadonlyMap<string, TaskCancelAttempt>>(() => new Map())
  const update = useCallback((key: string, attempt: TaskCancelAttempt) => setAttempts((current) => new Map(current).set(key, attempt)), [])
  const cancel = useCallback(
    async (task: TaskRef) => {
      const key = taskKey(task)
      update(key, { sending: true, sent: false, error: null })
      try {
        await cancelMcpTask(runId, task)
        update(key, { sending: false, sent: true, error: null })
      } catch (cause) {
        update(key, { sending: false, sent: false, error: errorMessage(cause) })
      }
    },
    [runId, update],
  )
  const attemptFor = useCallback((task: TaskRef) => attempts.get(taskKey(task)) ?? IDLE, [attempts])
  return { attemptFor, cancel }
}

export interface TaskCancelButtonProps {
  task: TaskRef & { toolName: string }
  state: Exclude<TaskCancelState, 'none'>
  attempt: TaskCancelAttempt
  onCancel: (task: TaskRef) => void
}

/** "Cancel task" on a running task's newest line; "Cancelling…" from the press until the task ends. */
export function TaskCancelButton({ task, state, attempt, onCancel }: TaskCancelButtonProps) {
  const cancelling = state === 'requested' || attempt.sending || attempt.sent
  return (
    <div className="flex flex-wrap items-center gap-2 px-3 pb-1.5 pl-10">
      <Button
        variant="danger"
        size="sm"
        data-testid="mcp-task-cancel"
        aria-label={`Cancel task ${task.toolName}`}
        disabled={cancelling}
        onClick={() => onCancel(task)}
      >
        {cancelling ? 'Cancelling…' : 'Cancel task'}
      </Button>
      {attempt.error ? (
        <span role="alert" className="text-xs text-red-700">
          {attempt.error}
        </span>
      ) : null}
    </div>
  )
}
