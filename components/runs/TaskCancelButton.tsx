'use client'

import { Button } from '@/components/ui'
import type { TaskCancelState } from './mcp-tasks'
import type { CancellableTask, TaskCancelAttempt } from './use-task-cancels'

export interface TaskCancelButtonProps {
  task: CancellableTask & { toolName: string }
  state: Exclude<TaskCancelState, 'none'>
  attempt: TaskCancelAttempt
  onCancel: (task: CancellableTask) => void
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
