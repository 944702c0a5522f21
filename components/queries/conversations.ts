'use client'

/** Conversations with an agent: the list, one conversation, its messages in pages (newest first), and the changes. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import {
  createConversation,
  deleteConversation,
  getConversation,
  getMessagePage,
  listConversations,
  pinConversation,
  renameConversation,
  sendMessage,
} from '@/components/chat/conversations-api'
import { fetchParsed } from '@/components/api-client'
import { refetchChanged } from './query-client'
import { agentResponseSchema } from '@/lib/contracts/agents'

export const conversationKeys = {
  all: ['conversations'] as const,
  list: (agentId: string) => [...conversationKeys.all, 'list', agentId] as const,
  detail: (id: string) => [...conversationKeys.all, 'detail', id] as const,
  messages: (id: string) => [...conversationKeys.all, 'messages', id] as const,
}

/** The agent the playground talks to (its name and latest settings). */
export function useChatAgentQuery(agentId: string) {
  return useQuery({ queryKey: ['agents', 'detail', agentId], queryFn: () => fetchParsed(agentResponseSchema, `/api/agents/${encodeURIComponent(agentId)}`) })
}

export function useConversationsQuery(agentId: string) {
  return useQuery({ queryKey: conversationKeys.list(agentId), queryFn: () => listConversations(agentId) })
}

export function useConversationQuery(id: string) {
  return useQuery({ queryKey: conversationKeys.detail(id), queryFn: () => getConversation(id), refetchOnWindowFocus: false })
}

/** Pages go back in time: the first page is the newest messages, each next one older. */
export function useMessagesQuery(id: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(id),
    queryFn: ({ pageParam }) => getMessagePage(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    refetchOnWindowFocus: false,
  })
}

export function useCreateConversation(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (title?: string) => createConversation(agentId, title),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.list(agentId) }),
  })
}

export function useRenameConversation(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameConversation(id, title),
    onSuccess: (_data, { id }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list(agentId) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) })
    },
  })
}

export function usePinConversation(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number | null }) => pinConversation(id, version),
    onSuccess: (_data, { id }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list(agentId) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) })
    },
  })
}

export function useDeleteConversation(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteConversation(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: conversationKeys.detail(id) })
      queryClient.removeQueries({ queryKey: conversationKeys.messages(id) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list(agentId) })
    },
  })
}

export function useSendMessage(agentId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => sendMessage(id, text),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list(agentId) })
    },
  })
}

/**
 * A turn ended: the stored messages, usage and title changed. The same function for as long as the
 * conversation is the same, so an effect that depends on it runs when its own inputs change, not every render.
 */
export function useTurnEnded(agentId: string, id: string) {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    await Promise.all([
      refetchChanged(queryClient, { queryKey: conversationKeys.messages(id) }),
      refetchChanged(queryClient, { queryKey: conversationKeys.detail(id) }),
      refetchChanged(queryClient, { queryKey: conversationKeys.list(agentId) }),
    ])
  }, [queryClient, agentId, id])
}
