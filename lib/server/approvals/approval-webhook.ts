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
  /** The inbox link that opens the request (the app's public URL). */
  link: string
  /** Said when the request has waited past the workspace's escalation delay. */
  escalatedAfterMinutes?: number
}

/** The chat message, in the `{ text }` form incoming webhooks take (Slack's `<url|label>` link syntax). */
export function approvalWebhookBody(message: ApprovalWebhookMessage): { text: string } {
  const lead = message.escalatedAfterMinutes
    ? `Still waiting after ${message.escalatedAfterMinutes} min: ${message.source} ${APPROVAL_KINDS[message.kind].asksFor}`
    : `${message.source} ${APPROVAL_KINDS[message.kind].asksFor}`
  return { text: `${plain(lead)}: ${plain(message.title)}\n<${message.link}|Answer it in Agentloom>` }
}

/** The outcome, in words an owner may read in the workspace's settings; never the remote body. */
export type WebhookDelivery = { ok: true } | { ok: false; reason: string }

const TIMEOUT_MS = 10_000

export async function deliverApprovalWebhook(url: string, message: ApprovalWebhookMessage, fetchThroughPolicy: typeof fetch): Promise<WebhookDelivery> {
  try {
    const response = await fetchThroughPolicy(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(approvalWebhookBody(message)),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    await response.body?.cancel().catch(() => {})
    if (response.status >= 300 && response.status < 400)
      return { ok: false, reason: `the webhook answered with a redirect (HTTP ${response.status}), which is not followed` }
    if (!response.ok) return { ok: false, reason: `the webhook answered HTTP ${response.status}` }
    return { ok: true }
  } catch (error) {
    const refusal = outboundRefusalIn(error)
    if (refusal) return { ok: false, reason: refusal.message }
    if (error instanceof DOMException && error.name === 'TimeoutError') return { ok: false, reason: `the webhook did not answer within ${TIMEOUT_MS / 1000} s` }
    return { ok: false, reason: 'could not connect to the webhook' }
  }
}

/** Chat markup in a title would change the message (a `<!channel>` ping, a fake link): escaped as Slack documents it. */
function plain(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
