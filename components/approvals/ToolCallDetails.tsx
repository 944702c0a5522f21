import { JsonBlock } from '@/components/runs/JsonBlock'
import { readToolCallRequest } from './approval-payload'

/** A tool call waiting for consent: the tool and the arguments it would get. */
export function ToolCallDetails({ payload }: { payload: unknown }) {
  const call = readToolCallRequest(payload)
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-zinc-800">
        Wants to call <code className="rounded bg-zinc-100 px-1 font-mono text-[13px]">{call.toolName}</code> with:
      </p>
      <JsonBlock value={call.arguments} />
    </div>
  )
}
