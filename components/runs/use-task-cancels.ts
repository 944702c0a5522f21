'use client'

import { useCallback, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { cancelMcpTask } from './runs-api'
import { taskKey, type TaskRef } from './mcp-tasks'

export interface TaskCancelAttempt {
  sending: boolean
  /** The request was taken: the task is being cancelled until it reports an end. */
  sent: boolean
  error: string | null
}

/** A task as the Cancel button knows it: which one, and how many of its cancels the server refused so far. */
export interface CancellableTask extends TaskRef {
  cancelFailures: number
}

interface RecordedAttempt extends TaskCancelAttempt {
  /** The task's refused cancels when this one was sent: a new refusal makes the attempt stale. */
  failuresAtSend: number
}

const IDLE: TaskCancelAttempt = { sending: false, sent: false, error: null }

/**
 * The Cancel requests made from this view, by task. Kept above the timeline rows: a task's button
 * moves to its newest line with every status change, and must not forget it was pressed. A cancel
 * the server refuses shows up as an `mcp_task_cancel_failed` line; the button comes back for a retry.
 */
export function useTaskCancels(runId: string) {
  const [attempts, setAttempts] = useState<ReadonlyMap<string, RecordedAttempt>>(() => new Map())
  const update = useCallback((key: string, attempt: RecordedAttempt) => setAttempts((current) => new Map(current).set(key, attempt)), [])
  const cancel = useCallback(
    async (task: CancellableTask) => {
      const key = taskKey(task)
      const failuresAtSend = task.cancelFailures
      update(key, { sending: true, sent: false, error: null, failuresAtSend })
      try {
        await cancelMcpTask(runId, task)
        update(key, { sending: false, sent: true, error: null, failuresAtSend })
      } catch (cause) {
        update(key, { sending: false, sent: false, error: errorMessage(cause), failuresAtSend })
      }
    },
    [runId, update],
  )
  const attemptFor = useCallback(
    (task: CancellableTask): TaskCancelAttempt => {
      const attempt = attempts.get(taskKey(task))
      if (!attempt || (attempt.sent && attempt.failuresAtSend !== task.cancelFailures)) return IDLE
      return attempt
    },
    [attempts],
  )
  return { attemptFor, cancel }
}
