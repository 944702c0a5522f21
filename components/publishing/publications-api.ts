/** Agents' and workflows' publications (issue #32): the API calls, and the snippets the Publish panel hands out. */
import { fetchParsed } from '@/components/api-client'
import {
  createdPublicationSchema,
  publicationListSchema,
  publicationResponseSchema,
  type CreatePublicationRequest,
  type UpdatePublicationRequest,
} from '@/lib/contracts/publications'

/** What the Publish panel publishes: a saved agent (a chat and widget) or a workflow (a form). */
export interface PublishTarget {
  kind: 'agent' | 'workflow'
  id: string
}

const publicationsUrl = (target: PublishTarget) => `/api/${target.kind === 'agent' ? 'agents' : 'workflows'}/${encodeURIComponent(target.id)}/publications`

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
})

export function listPublications(target: PublishTarget) {
  return fetchParsed(publicationListSchema, publicationsUrl(target))
}

export function createPublication(target: PublishTarget, request: CreatePublicationRequest) {
  return fetchParsed(createdPublicationSchema, publicationsUrl(target), json('POST', request))
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
