'use client'

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { ApiError, errorMessage } from '@/components/api-client'
import { refetchChanged } from '@/components/queries/query-client'
import { ChatComposer } from '@/components/chat/ChatComposer'
import { MessageText } from '@/components/chat/MessageText'
import { cn } from '@/components/ui'
import type { PublicAgent, VisitorMessage } from '@/lib/contracts/publications'
import { getVisitorConversation, sendVisitorMessage, startVisitorConversation, visitorTurnEventsUrl } from './visitor-chat-api'
import { useVisitorEvents } from './use-visitor-events'
import { keepConversation, keptConversation, useKept, useVisitorId } from './visitor-identity'

export interface PublicChatProps {
  token: string
  agent: PublicAgent
  /** Shown in the widget's frame: no page heading. */
  embed: boolean
}

/**
 * A published agent's chat for people without an account (issue #32): the visitor's conversation (kept across
 * reloads by this browser), the reply as it streams, and the message box. Talks only to `/api/public/chat/<token>`.
 */
export function PublicChat({ token, agent, embed }: PublicChatProps) {
  const visitor = useVisitorId()
  // Read from this browser's storage once hydrated (the server has none).
  const kept = useKept(() => keptConversation(token))
  const [started, setStarted] = useState<string | null>(null)
  const [forgotten, setForgotten] = useState(false)
  const [turn, setTurn] = useState<{ runId: string; text: string } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const conversationId = started ?? (forgotten ? null : kept)
  const queryClient = useQueryClient()
  const queryKey = ['visitor-conversation', token, conversationId]
  const detail = useQuery({
    queryKey,
    queryFn: async () => {
      try {
        return await getVisitorConversation(token, visitor!, conversationId!)
      } catch (error) {
        // A conversation this browser remembers but the server no longer has (or another visitor's): start afresh.
        if (error instanceof ApiError && error.status === 404) {
          keepConversation(token, null)
          setForgotten(true)
          return null
        }
        throw error
      }
    },
    enabled: visitor !== null && conversationId !== null,
  })

  const followed = turn?.runId ?? detail.data?.activeRunId ?? null
  const onEnded = useCallback(
    async (message: string | undefined) => {
      await refetchChanged(queryClient, { queryKey: ['visitor-conversation', token] })
      setFailure(message ?? null)
      setTurn(null)
    },
    [queryClient, token],
  )

  const send = async (text: string) => {
    if (visitor === null) throw new Error('This page is still loading.')
    let id = conversationId
    if (id === null) {
      id = (await startVisitorConversation(token, visitor)).id
      keepConversation(token, id)
      setStarted(id)
    }
    const { runId } = await sendVisitorMessage(token, visitor, id, text)
    setFailure(null)
    setTurn({ runId, text })
  }

  const messages = detail.data?.messages ?? []
  return (
    <div
      className={cn('mx-auto flex min-h-0 w-full flex-1 flex-col', embed ? 'h-screen' : 'h-[calc(100vh-2rem)] max-w-3xl py-4')}
      data-testid="public-chat"
      data-ready={visitor !== null}
    >
      <header className={cn('border-b border-zinc-200 px-4', embed ? 'py-2' : 'pb-3')}>
        <h1 className={cn('font-semibold text-zinc-900', embed ? 'text-sm' : 'text-xl')}>{agent.name}</h1>
        {!embed && agent.description && <p className="mt-1 text-sm text-zinc-600">{agent.description}</p>}
      </header>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-zinc-50 p-4" aria-live="polite">
        {messages.length === 0 && !turn && <p className="text-sm text-zinc-500">Ask {agent.name} anything.</p>}
        {messages.map((message, index) => (
          <Bubble key={index} message={message} />
        ))}
        {detail.isError && <p className="text-sm text-red-700">{errorMessage(detail.error)}</p>}
        {turn && <Bubble message={{ role: 'user', text: turn.text }} />}
        {followed && visitor && conversationId && (
          <VisitorTurn key={followed} url={visitorTurnEventsUrl(token, visitor, conversationId, followed)} onEnded={onEnded} />
        )}
        {failure && !followed && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
      </div>
      <ChatComposer onSend={send} busy={followed !== null || visitor === null} />
    </div>
  )
}

function Bubble({ message }: { message: VisitorMessage }) {
  const fromVisitor = message.role === 'user'
  return (
    <div className={cn('flex', fromVisitor ? 'justify-end' : 'justify-start')} data-testid="public-chat-message" data-role={message.role}>
      <div className={cn('max-w-[85%] rounded-lg px-3 py-2', fromVisitor ? 'bg-indigo-50 ring-1 ring-indigo-100' : 'bg-white ring-1 ring-zinc-200')}>
        <MessageText text={message.text} />
      </div>
    </div>
  )
}

type TurnState = { text: string; waiting: boolean; ended: boolean }

/** The reply being written, from the visitor's event stream (text, waiting for an approval, the end). */
function VisitorTurn({ url, onEnded }: { url: string; onEnded: (failure: string | undefined) => Promise<void> }) {
  const [state, setState] = useState<TurnState>({ text: '', waiting: false, ended: false })
  useVisitorEvents(url, {
    onEvent: (event) =>
      setState((current) => {
        switch (event.type) {
          case 'text':
            return { ...current, text: current.text + event.text, waiting: false }
          case 'waiting':
            return { ...current, waiting: true }
          case 'resumed':
            return { ...current, waiting: false }
          case 'end':
            return { ...current, waiting: false, ended: true }
        }
      }),
    // The stored conversation replaces this view; a failed or stopped turn leaves its message.
    onEnd: (failure) => void onEnded(failure),
  })

  return (
    <div className="flex justify-start" data-testid="public-chat-turn" data-ended={state.ended}>
      <div className="max-w-[85%] space-y-2 rounded-lg bg-white px-3 py-2 ring-1 ring-zinc-200">
        {state.text !== '' && <MessageText text={state.text} />}
        {state.waiting && <p className="text-sm text-zinc-500 italic">Waiting for approval…</p>}
        {!state.ended && !state.waiting && state.text === '' && <p className="text-sm text-zinc-400 italic">Writing…</p>}
      </div>
    </div>
  )
}
