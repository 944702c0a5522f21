/** The public chat's requests (no sign-in): a visitor's conversation with a published agent, its messages, its reply stream. */
import { fetchParsed } from '@/components/api-client'
import { visitorConversationDetailSchema, visitorConversationSchema, visitorSentSchema } from '@/lib/contracts/publications'

const chatUrl = (token: string) => `/api/public/chat/${encodeURIComponent(token)}`
const conversationUrl = (token: string, id: string) => `${chatUrl(token)}/conversations/${encodeURIComponent(id)}`
const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

export function startVisitorConversation(token: string, visitorId: string) {
  return fetchParsed(visitorConversationSchema, `${chatUrl(token)}/conversations`, post({ visitorId }))
}

export function getVisitorConversation(token: string, visitorId: string, id: string) {
  return fetchParsed(visitorConversationDetailSchema, `${conversationUrl(token, id)}?visitor=${encodeURIComponent(visitorId)}`)
}

export function sendVisitorMessage(token: string, visitorId: string, id: string, text: string) {
  return fetchParsed(visitorSentSchema, `${conversationUrl(token, id)}/messages`, post({ visitorId, text }))
}

export function visitorTurnEventsUrl(token: string, visitorId: string, id: string, runId: string): string {
  return `${conversationUrl(token, id)}/turns/${encodeURIComponent(runId)}/events?visitor=${encodeURIComponent(visitorId)}`
}
