'use client'

import { JsonBlock } from '@/components/runs/JsonBlock'
import type { TaskStatus } from '@/components/runs/mcp-tasks'

export interface ToolCallViewProps {
  name: string
  args: unknown
  /** While a turn is written: what the call's tool has done so far (absent for a stored call, whose result is a message of its own). */
  live?: { task?: TaskStatus; result?: { value: unknown; error?: unknown } }
}

/** A tool call the agent made: the tool's name and its arguments, and while the turn is written its task status and result. */
export function ToolCallView({ name, args, live }: ToolCallViewProps) {
  const result = live?.result
  const task = live?.task
  return (
    <div data-testid="chat-tool-call" data-tool={name} data-state={live ? (result ? (result.error !== undefined ? 'failed' : 'done') : 'running') : undefined}>
      <p className="text-xs font-medium text-zinc-500">
        Tool call <code className="font-mono text-zinc-800">{name || '…'}</code>
      </p>
      <JsonBlock value={args} />
      {live && !result && (
        <p className="text-xs text-zinc-500 italic" data-testid="chat-tool-running">
          {task
            ? `Task ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ''}${task.progress !== undefined ? ` (${task.progress}${task.total ? ` of ${task.total}` : ''})` : ''}`
            : 'Running…'}
        </p>
      )}
      {result && (
        <div className="mt-1" data-testid="chat-tool-result">
          <p className={result.error !== undefined ? 'text-xs font-medium text-red-700' : 'text-xs font-medium text-zinc-500'}>
            {result.error !== undefined ? `Tool failed: ${typeof result.error === 'string' ? result.error : JSON.stringify(result.error)}` : 'Tool result'}
          </p>
          <JsonBlock value={result.value ?? null} />
        </div>
      )}
    </div>
  )
}
