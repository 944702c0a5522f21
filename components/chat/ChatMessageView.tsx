'use client'

import { JsonBlock } from '@/components/runs/JsonBlock'
import { cn } from '@/components/ui'
import type { ChatMessageJSON } from '@/lib/contracts/conversations'
import { MessageText } from './MessageText'
import { parsedArguments } from './tool-arguments'
import { ToolCallView } from './ToolCallView'

type Content = ChatMessageJSON['contents'][number]

/** One stored message: the person's or the agent's text, tool calls with their arguments, tool results. */
export function ChatMessageView({ message }: { message: ChatMessageJSON }) {
  const fromUser = message.role === 'user'
  const parts = message.contents.flatMap((content, index) => {
    const part = renderContent(content, index)
    return part ? [part] : []
  })
  if (parts.length === 0) return null
  return (
    <div className={cn('flex', fromUser ? 'justify-end' : 'justify-start')} data-testid="chat-message" data-role={message.role}>
      <div
        className={cn(
          'max-w-[85%] space-y-2 rounded-lg px-3 py-2',
          fromUser ? 'bg-indigo-50 ring-1 ring-indigo-100' : message.role === 'tool' ? 'bg-zinc-50 ring-1 ring-zinc-200' : 'bg-white ring-1 ring-zinc-200',
        )}
      >
        {parts}
      </div>
    </div>
  )
}

function renderContent(content: Content, key: number) {
  switch (content.type) {
    case 'text':
      return String(content.text ?? '') === '' ? null : <MessageText key={key} text={String(content.text)} />
    case 'function_call':
      return <ToolCallView key={key} name={String(content.name ?? '')} args={parsedArguments(content.arguments)} />
    case 'function_result':
      return (
        <div key={key} data-testid="chat-tool-result">
          <p className="text-xs font-medium text-zinc-500">Tool result</p>
          <JsonBlock value={content.result ?? null} />
        </div>
      )
    case 'error':
      return (
        <p key={key} role="alert" className="text-sm text-red-700">
          {String(content.message ?? 'The model reported an error.')}
        </p>
      )
    default:
      return null
  }
}
