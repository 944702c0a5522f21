/** The chat playground's requests: conversations of an agent, their messages, sending one. */
import { fetchJson, fetchParsed, postJson } from '@/components/api-client'
import { conversationDetailSchema, conversationListSchema, messagePageSchema, type ConversationSummary, type SentMessage } from '@/lib/contracts/conversations'

const conversationUrl = (id: string) => `/api/conversations/${encodeURIComponent(id)}`

export function listConversations(agentId: string) {
  return fetchParsed(conversationListSchema, `/api/agents/${encodeURIComponent(agentId)}/conversations`)
}

export function createConversation(agentId: string, title = ''): Promise<ConversationSummary> {
  return postJson<ConversationSummary>(`/api/agents/${encodeURIComponent(agentId)}/conversations`, { title })
}

export function getConversation(id: string) {
  return fetchParsed(conversationDetailSchema, conversationUrl(id))
}

export function getMessagePage(id: string, before: number | undefined) {
  const query = new URLSearchParams({ limit: '50' })
  if (before !== undefined) query.set('before', String(before))
  return fetchParsed(messagePageSchema, `${conversationUrl(id)}/messages?${query.toString()}`)
}

export function sendMessage(id: string, text: string): Promise<SentMessage> {
  return postJson<SentMessage>(`${conversationUrl(id)}/messages`, { text })
}

export function renameConversation(id: string, title: string): Promise<ConversationSummary> {
  return fetchJson<ConversationSummary>(conversationUrl(id), { method: 'PATCH', body: JSON.stringify({ title }) })
}

/** Pins the conversation to a version of its agent; null lets it follow the latest. */
export function pinConversation(id: string, version: number | null): Promise<ConversationSummary> {
  return fetchJson<ConversationSummary>(conversationUrl(id), { method: 'PATCH', body: JSON.stringify({ version }) })
}

export async function deleteConversation(id: string): Promise<void> {
  await fetchJson<unknown>(conversationUrl(id), { method: 'DELETE' })
}

export function exportUrl(id: string, format: 'json' | 'markdown'): string {
  return `${conversationUrl(id)}/export?format=${format}`
}
