'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { useCallback } from 'react'
import { ApiError, errorMessage } from '@/components/api-client'
import { useChatAgentQuery, useCreateConversation } from '@/components/queries/conversations'
import { ConversationList } from './ConversationList'
import { ConversationPane } from './ConversationPane'

/**
 * The chat playground of one agent: its conversations on the left, the open one on the right. The
 * open conversation is in the address (`?c=<id>`), so a reload or another device opens it again.
 */
export function ChatPlayground({ agentId }: { agentId: string }) {
  const agent = useChatAgentQuery(agentId)
  const router = useRouter()
  const pathname = usePathname()
  const selectedId = useSearchParams().get('c')
  const create = useCreateConversation(agentId)

  const select = useCallback((id: string | null) => router.replace(id ? `${pathname}?c=${encodeURIComponent(id)}` : pathname), [router, pathname])

  if (agent.isError) {
    const missing = agent.error instanceof ApiError && agent.error.status === 404
    return (
      <div className="p-6 text-sm" role="alert">
        {missing ? 'There is no agent with this id.' : errorMessage(agent.error)}{' '}
        <IntentLink href="/agents" className="text-indigo-600 hover:underline">
          See all agents
        </IntentLink>
      </div>
    )
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-zinc-200 bg-white px-4 py-2">
        <IntentLink href="/agents" className="text-sm text-indigo-600 hover:underline">
          Agents
        </IntentLink>
        <span className="text-zinc-400">/</span>
        <h1 className="font-semibold text-zinc-900" data-testid="chat-agent-name">
          {agent.data?.agent.name ?? '…'}
        </h1>
        <span className="text-sm text-zinc-500">Chat</span>
      </div>
      <div className="flex min-h-0 flex-1">
        <ConversationList
          agentId={agentId}
          selectedId={selectedId}
          onSelect={select}
          creating={create.isPending}
          onNew={() => create.mutate(undefined, { onSuccess: (conversation) => select(conversation.id) })}
        />
        {selectedId ? (
          <ConversationPane key={selectedId} agentId={agentId} conversationId={selectedId} />
        ) : (
          <div className="flex flex-1 items-center justify-center text-sm text-zinc-500">
            {create.isError ? errorMessage(create.error) : 'Open a conversation, or start a new one.'}
          </div>
        )}
      </div>
    </div>
  )
}
