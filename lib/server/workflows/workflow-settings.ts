/**
 * Per-workflow settings kept beside the graph (their contract: lib/contracts/workflows.ts): how
 * stored settings are read, and what the server's environment adds to them. No secrets in the
 * settings — the forwarding endpoint's credentials come from the environment.
 */
import { workflowSettingsSchema, type WorkflowSettings } from '@/lib/contracts/workflows'

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
