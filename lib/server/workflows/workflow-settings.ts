/**
 * Per-workflow settings kept beside the graph (changing them needs no new version). Today:
 * forwarding each agent turn's conversation to a threat-protection endpoint. No secrets here —
 * the endpoint's credentials come from the server's environment.
 */
import { z } from 'zod'
import { conversationForwardingSettingsSchema } from '../tooling/conversation-forwarding'

export const workflowSettingsSchema = z.object({
  conversationForwarding: conversationForwardingSettingsSchema.default({ enabled: false, timeoutMs: 10_000 }),
})

export type WorkflowSettings = z.infer<typeof workflowSettingsSchema>

/** Stored settings, with defaults for anything missing (and for rows written before a setting existed). */
export function parseWorkflowSettings(raw: unknown): WorkflowSettings {
  const parsed = workflowSettingsSchema.safeParse(raw ?? {})
  return parsed.success ? parsed.data : workflowSettingsSchema.parse({})
}

/**
 * Where forwarded conversations go when a workflow names no endpoint, and the credentials for it.
 * The credentials belong to that endpoint's origin: forwardRunConversation leaves them off when a
 * workflow names an endpoint elsewhere.
 */
export function conversationForwardingFromEnv(env: NodeJS.ProcessEnv = process.env): { defaultEndpoint?: string; headers?: Record<string, string> } {
  return {
    defaultEndpoint: env.AGENTLOOM_THREAT_PROTECTION_URL || undefined,
    headers: env.AGENTLOOM_THREAT_PROTECTION_TOKEN ? { Authorization: `Bearer ${env.AGENTLOOM_THREAT_PROTECTION_TOKEN}` } : undefined,
  }
}
