/** An agent's publications (issue #32): the API calls, and the snippets the Publish panel hands out. */
import { fetchParsed } from '@/components/api-client'
import {
  createdPublicationSchema,
  publicationListSchema,
  publicationResponseSchema,
  type CreatePublicationRequest,
  type UpdatePublicationRequest,
} from '@/lib/contracts/publications'

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
})

export function listPublications(agentId: string) {
  return fetchParsed(publicationListSchema, `/api/agents/${encodeURIComponent(agentId)}/publications`)
}

export function createPublication(agentId: string, request: CreatePublicationRequest) {
  return fetchParsed(createdPublicationSchema, `/api/agents/${encodeURIComponent(agentId)}/publications`, json('POST', request))
}

export function updatePublication(id: string, changes: UpdatePublicationRequest) {
  return fetchParsed(publicationResponseSchema, `/api/publications/${encodeURIComponent(id)}`, json('PATCH', changes))
}

export function revokePublication(id: string) {
  return fetchParsed(publicationResponseSchema, `/api/publications/${encodeURIComponent(id)}`, json('DELETE'))
}

/** The tag a site adds to show the chat bubble. */
export function widgetSnippet(origin: string, token: string): string {
  return `<script src="${origin}/api/public/widget.js" data-publication="${token}"></script>`
}
