'use client'

import { useRouter } from 'next/navigation'
import { useMutation } from '@tanstack/react-query'
import { errorMessage, postJson } from '@/components/api-client'
import { Button } from '@/components/ui'
import type { ConversationSummary } from '@/lib/contracts/conversations'

/** Opens the agent node's conversation from this run as a new chat (the run's agent, or a saved copy of an inline one). */
export function ContinueInChatButton({ runId, nodeId }: { runId: string; nodeId: string }) {
  const router = useRouter()
  const start = useMutation({
    mutationFn: () => postJson<ConversationSummary>(`/api/runs/${encodeURIComponent(runId)}/continue-in-chat`, { nodeId }),
    onSuccess: (conversation) => router.push(`/agents/${encodeURIComponent(conversation.agentId)}/chat?c=${encodeURIComponent(conversation.id)}`),
  })
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" variant="ghost" onClick={() => start.mutate()} disabled={start.isPending} data-testid={`continue-in-chat-${nodeId}`}>
        Continue in chat
      </Button>
      {start.isError && <span className="text-xs text-red-700">{errorMessage(start.error)}</span>}
    </span>
  )
}
