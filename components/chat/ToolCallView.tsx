'use client'

import { JsonBlock } from '@/components/runs/JsonBlock'

/** A tool call the agent made: the tool's name and its arguments. */
export function ToolCallView({ name, args }: { name: string; args: unknown }) {
  return (
    <div data-testid="chat-tool-call">
      <p className="text-xs font-medium text-zinc-500">
        Tool call <code className="font-mono text-zinc-800">{name}</code>
      </p>
      <JsonBlock value={args} />
    </div>
  )
}
