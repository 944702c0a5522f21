// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { conversationKeys, useTurnEnded } from './conversations'

function renderTurnEnded(queryClient: QueryClient, initial: { agentId: string; id: string }) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
  return renderHook(({ agentId, id }) => useTurnEnded(agentId, id), { initialProps: initial, wrapper })
}

describe('useTurnEnded', () => {
  it('returns the same function on every render of the same conversation, and a new one for another', () => {
    const hook = renderTurnEnded(new QueryClient(), { agentId: 'agent-1', id: 'conversation-1' })
    const first = hook.result.current
    hook.rerender({ agentId: 'agent-1', id: 'conversation-1' })
    expect(hook.result.current).toBe(first)
    hook.rerender({ agentId: 'agent-1', id: 'conversation-2' })
    expect(hook.result.current).not.toBe(first)
  })

  it("marks the conversation's messages, the conversation and the agent's list stale, and nothing else", async () => {
    const queryClient = new QueryClient()
    const touched = [conversationKeys.messages('conversation-1'), conversationKeys.detail('conversation-1'), conversationKeys.list('agent-1')]
    const untouched = [conversationKeys.detail('conversation-2'), conversationKeys.list('agent-2')]
    for (const key of [...touched, ...untouched]) queryClient.setQueryData(key, { stored: true })

    await renderTurnEnded(queryClient, { agentId: 'agent-1', id: 'conversation-1' }).result.current()

    expect(touched.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true])
    expect(untouched.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([false, false])
  })
})
