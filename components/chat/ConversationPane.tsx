'use client'

import { useApprovalsShownFor, useApprovalsShownWhileStarting } from '@/components/approvals/approvals-in-view'
import { IntentLink } from '@/components/ui/IntentLink'
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import { errorMessage } from '@/components/api-client'
import { useConversationQuery, useMessagesQuery, useSendMessage, useTurnEnded } from '@/components/queries/conversations'
import { Button } from '@/components/ui'
import type { TokenUsage } from '@/lib/contracts/runs'
import { ActiveTurn } from './ActiveTurn'
import { ChatComposer } from './ChatComposer'
import { ChatMessageView } from './ChatMessageView'
import { ConversationVersionPicker } from './ConversationVersionPicker'

const tokens = (usage: TokenUsage | null) => usage?.totalTokenCount ?? (usage ? (usage.inputTokenCount ?? 0) + (usage.outputTokenCount ?? 0) : 0)

/**
 * One conversation: its stored messages (older pages load when scrolled to the top), the turn being
 * written (found again after a reload: the conversation names its running turn), token usage per
 * turn and in total, and the message box.
 */
export function ConversationPane({ agentId, conversationId }: { agentId: string; conversationId: string }) {
  const detail = useConversationQuery(conversationId)
  const messages = useMessagesQuery(conversationId)
  const send = useSendMessage(agentId, conversationId)
  const turnEnded = useTurnEnded(agentId, conversationId)
  const scroller = useRef<HTMLDivElement>(null)
  // Keeps the view where it was when older messages are added above it; otherwise follows the newest.
  const heightBefore = useRef<number | null>(null)

  const pages = messages.data?.pages ?? []
  const activeRunId = detail.data?.activeRunId ?? null
  // The turn just sent asks before this page knows it is the active one: its approvals are shown here, not toasted.
  useApprovalsShownWhileStarting(send.isPending)
  useApprovalsShownFor(activeRunId === null ? (send.data?.runId ?? null) : null)
  const activeTurn = detail.data?.turns.find((turn) => turn.runId === activeRunId)
  // While a turn is written, the live view shows all of it (replayed from its events after a reload), including what it already stored.
  const stored = [...pages]
    .reverse()
    .flatMap((page) => page.messages)
    .filter((entry) => !activeTurn || entry.position < activeTurn.historyStart)
  const newestPosition = stored[stored.length - 1]?.position ?? -1

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    if (heightBefore.current !== null) {
      element.scrollTop += element.scrollHeight - heightBefore.current
      heightBefore.current = null
    } else {
      element.scrollTop = element.scrollHeight
    }
  }, [pages.length, newestPosition, activeRunId])

  // A turn can end before the page ever saw it running (a quick reply): the conversation then holds
  // more messages than the page shows, and nothing else would fetch them.
  const behind = !activeRunId && messages.data !== undefined && !messages.isFetching && (detail.data?.messageCount ?? 0) > newestPosition + 1
  useEffect(() => {
    if (behind) void turnEnded()
  }, [behind, turnEnded])

  const loadOlder = useCallback(() => {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return
    heightBefore.current = scroller.current?.scrollHeight ?? null
    void messages.fetchNextPage()
  }, [messages])

  if (detail.isError) return <p className="p-6 text-sm text-red-700">{errorMessage(detail.error)}</p>
  if (!detail.data) return <p className="p-6 text-sm text-zinc-500">Loading the conversation…</p>
  const conversation = detail.data
  const lastTurn = conversation.turns[conversation.turns.length - 1]

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Conversation">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 bg-white px-4 py-2">
        <div className="min-w-0">
          <h2 className="truncate font-medium text-zinc-900" data-testid="chat-title">
            {conversation.title || 'New conversation'}
          </h2>
          {conversation.originRunId && (
            <IntentLink href={`/runs/${encodeURIComponent(conversation.originRunId)}`} className="text-xs text-indigo-600 hover:underline">
              Continued from a run
            </IntentLink>
          )}
        </div>
        <ConversationVersionPicker agentId={agentId} conversation={conversation} />
        <details className="text-xs text-zinc-600">
          <summary className="cursor-pointer" data-testid="chat-usage-total">
            {tokens(conversation.usage)} tokens in {conversation.turns.length} {conversation.turns.length === 1 ? 'turn' : 'turns'}
          </summary>
          <ol className="mt-1 max-h-48 space-y-0.5 overflow-y-auto" data-testid="chat-usage-turns">
            {conversation.turns.map((turn) => (
              <li key={turn.runId} className="flex justify-between gap-4">
                <span className="max-w-64 truncate">{turn.text}</span>
                <span>
                  {turn.status === 'succeeded' ? `${tokens(turn.usage)} tokens` : turn.status}
                  {turn.usage && turn.status === 'succeeded' && (
                    <span className="text-zinc-400">
                      {' '}
                      ({turn.usage.inputTokenCount ?? 0} in / {turn.usage.outputTokenCount ?? 0} out)
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ol>
        </details>
      </header>
      <div
        ref={scroller}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-zinc-50 p-4"
        onScroll={(event) => event.currentTarget.scrollTop < 40 && loadOlder()}
        data-testid="chat-messages"
      >
        {messages.hasNextPage && (
          <div className="text-center">
            <Button size="sm" variant="ghost" onClick={loadOlder} disabled={messages.isFetchingNextPage}>
              {messages.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
            </Button>
          </div>
        )}
        {messages.isError && <p className="text-sm text-red-700">{errorMessage(messages.error)}</p>}
        {stored.length === 0 && !activeRunId && !messages.isPending && <p className="text-center text-sm text-zinc-500">Say something to start.</p>}
        {stored.map((entry) => (
          <ChatMessageView key={entry.position} message={entry.message} />
        ))}
        {activeTurn && (
          <>
            <ChatMessageView message={{ role: 'user', contents: [{ type: 'text', text: activeTurn.text }] }} />
            <ActiveTurn key={activeTurn.runId} runId={activeTurn.runId} onEnded={turnEnded} />
          </>
        )}
        {!activeRunId && lastTurn && lastTurn.status !== 'succeeded' && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="chat-turn-error">
            {lastTurn.status === 'cancelled' ? 'The reply was stopped.' : `The reply failed: ${lastTurn.error ?? 'unknown error'}`}
          </p>
        )}
      </div>
      <ChatComposer busy={activeRunId !== null || send.isPending} onSend={(text) => send.mutateAsync(text)} />
    </section>
  )
}
