/**
 * Telling a team's chat that an approval waits: a POST of `{ text }` to an incoming-webhook URL, the shape Slack,
 * Mattermost, Rocket.Chat, Discord's `/slack` endpoints and most chat tools accept. The message carries what the
 * inbox's list shows (the request's title, where it came from, a link to answer it) and never the request's
 * payload: a sampling request's messages or a tool call's arguments may hold what only the run's people may read.
 *
 * The URL is a member's, so the connection goes through the outbound policy (pinnedFetch: resolved, checked,
 * pinned), and redirects are not followed: a webhook that redirects is misconfigured or pointing elsewhere.
 */
import { APPROVAL_KINDS } from '@/lib/contracts/approval-kinds'
import type { ApprovalKind } from '@/lib/contracts/approvals'
import { outboundRefusalIn } from '../outbound/outbound-policy'

/** What the message tells. */
export interface ApprovalWebhookMessage {
  kind: ApprovalKind
  title: string
  /** Where the request came from: an MCP server's name, a node's label. */
  source: string
  /** What asks: the run's workflow (`a run of "Triage"`) or agent, when known. */
  origin?: string
  /** The inbox link that opens the request (the app's public URL). */
  link: string
  /** Said when the request has waited past the workspace's escalation delay. */
  escalatedAfterMinutes?: number
  /** The owners it was escalated to, by name. */
  escalatedTo?: readonly string[]
}

/** The chat message, in the `{ text }` form incoming webhooks take (Slack's `<url|label>` link syntax). */
export function approvalWebhookBody(message: ApprovalWebhookMessage): { text: string } {
  const asked = `${message.source} ${APPROVAL_KINDS[message.kind].asksFor}`
  const lead = message.escalatedAfterMinutes
    ? `Escalated to the workspace owners${message.escalatedTo?.length ? `: ${message.escalatedTo.join(', ')}` : ''}. Still waiting after ${message.escalatedAfterMinutes} min: ${asked}`
    : asked
  const origin = message.origin ? ` (${message.origin})` : ''
  return { text: `${plain(lead)}: ${plain(message.title)}${plain(origin)}\n<${message.link}|Answer it in Agentloom>` }
}

/**
 * The outcome, in words an owner may read in the workspace's settings; never the remote body nor the URL.
 * `refused`: the outbound policy said no (retrying cannot help); `status`: what the webhook answered.
 */
export type WebhookDelivery = { ok: true } | { ok: false; reason: string; refused?: true; status?: number }

const TIMEOUT_MS = 10_000

export function deliverApprovalWebhook(url: string, message: ApprovalWebhookMessage, fetchThroughPolicy: typeof fetch): Promise<WebhookDelivery> {
  return postToWebhook(url, approvalWebhookBody(message), fetchThroughPolicy)
}

/** Posts `{ text }` (already in chat markup) to the webhook: an approval's message, or an owner's test message. */
export async function postToWebhook(url: string, body: { text: string }, fetchThroughPolicy: typeof fetch): Promise<WebhookDelivery> {
  try {
    const response = await fetchThroughPolicy(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    await response.body?.cancel().catch(() => {})
    if (response.status >= 300 && response.status < 400)
      return { ok: false, reason: `the webhook answered with a redirect (HTTP ${response.status}), which is not followed`, status: response.status }
    if (!response.ok) return { ok: false, reason: `the webhook answered HTTP ${response.status}`, status: response.status }
    return { ok: true }
  } catch (error) {
    const refusal = outboundRefusalIn(error)
    if (refusal) return { ok: false, reason: refusal.message, refused: true }
    if (error instanceof DOMException && error.name === 'TimeoutError') return { ok: false, reason: `the webhook did not answer within ${TIMEOUT_MS / 1000} s` }
    return { ok: false, reason: 'could not connect to the webhook' }
  }
}

/** Chat markup in a title would change the message (a `<!channel>` ping, a fake link): escaped as Slack documents it. */
export function plain(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
