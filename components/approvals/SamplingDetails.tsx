import { Field, Input } from '@/components/ui'
import type { SamplingRequest, TokenCapBounds } from './approval-payload'

export interface SamplingDetailsProps {
  request: SamplingRequest
  bounds: TokenCapBounds | null
  capText: string
  capError?: string
  onCapChange?: (text: string) => void
  /** Renders the cap as text instead of an input (answered or read-only cards). */
  editable: boolean
  idPrefix: string
}

/** Everything a sampling request would send to the model, plus the editable token cap. */
export function SamplingDetails({ request, bounds, capText, capError, onCapChange, editable, idPrefix }: SamplingDetailsProps) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-[13px]">
        <dt className="text-zinc-500">Server</dt>
        <dd className="font-medium text-zinc-800">{request.serverName}</dd>
        <dt className="text-zinc-500">Max tokens</dt>
        <dd className="text-zinc-800">
          {request.maxTokens ?? '—'} requested
          {request.maxTokensCap !== null ? <span className="text-zinc-500"> · cap {request.maxTokensCap}</span> : null}
        </dd>
        {request.temperature !== null ? (
          <>
            <dt className="text-zinc-500">Temperature</dt>
            <dd className="text-zinc-800">{request.temperature}</dd>
          </>
        ) : null}
        {request.stopSequences.length > 0 ? (
          <>
            <dt className="text-zinc-500">Stop sequences</dt>
            <dd className="flex flex-wrap gap-1">
              {request.stopSequences.map((stop, index) => (
                <code key={index} className="rounded bg-zinc-100 px-1 font-mono text-[11px] text-zinc-700">
                  {JSON.stringify(stop)}
                </code>
              ))}
            </dd>
          </>
        ) : null}
      </dl>

      {request.systemPrompt !== null ? (
        <div>
          <h4 className="mb-1 text-xs font-medium text-zinc-600">System prompt</h4>
          <p className="max-h-40 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-[13px] whitespace-pre-wrap break-words text-zinc-800">
            {request.systemPrompt === '' ? <span className="text-zinc-400 italic">(empty)</span> : request.systemPrompt}
          </p>
        </div>
      ) : null}

      <div>
        <h4 className="mb-1 text-xs font-medium text-zinc-600">
          Messages <span className="font-normal text-zinc-400">({request.messages.length})</span>
        </h4>
        {request.messages.length === 0 ? (
          <p className="text-[13px] text-zinc-500">No messages.</p>
        ) : (
          <ol className="flex max-h-72 flex-col gap-1.5 overflow-auto" data-testid="sampling-messages">
            {request.messages.map((message, index) => (
              <li
                key={index}
                className={
                  message.role === 'assistant'
                    ? 'rounded-md border border-indigo-100 bg-indigo-50/50 px-3 py-2'
                    : 'rounded-md border border-zinc-200 bg-white px-3 py-2'
                }
              >
                <span className="block text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">{message.role}</span>
                {message.text !== null ? <span className="block text-[13px] whitespace-pre-wrap break-words text-zinc-800">{message.text}</span> : null}
                {message.note !== null ? <span className="block text-[12px] text-zinc-500 italic">[{message.note}]</span> : null}
              </li>
            ))}
          </ol>
        )}
      </div>

      {request.tools.length > 0 ? (
        <div>
          <h4 className="mb-1 text-xs font-medium text-zinc-600">Tools offered to the model</h4>
          <ul className="flex flex-col gap-0.5 text-[13px]">
            {request.tools.map((tool) => (
              <li key={tool.name}>
                <code className="font-mono text-[12px] text-zinc-800">{tool.name}</code>
                {tool.description ? <span className="text-zinc-500"> — {tool.description}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {bounds && editable ? (
        <div className="max-w-sm">
          <Field
            label="Max tokens for this reply"
            htmlFor={`${idPrefix}-max-tokens`}
            error={capError}
            help={`Lower it to limit the reply; at most ${bounds.max} (${bounds.limitedBy === 'cap' ? "the server's cap" : 'as requested'}).`}
          >
            <div className="w-36">
              <Input
                id={`${idPrefix}-max-tokens`}
                data-testid="approval-max-tokens"
                type="number"
                inputMode="numeric"
                min={1}
                max={bounds.max}
                step={1}
                value={capText}
                aria-invalid={capError ? true : undefined}
                onChange={(event) => onCapChange?.(event.target.value)}
              />
            </div>
          </Field>
        </div>
      ) : null}
    </div>
  )
}
