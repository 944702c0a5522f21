/**
 * How long a person has to answer an approval (a sampling request, a tool call, an elicitation, a human-input step)
 * before it counts as denied: AGENTLOOM_APPROVAL_TIMEOUT_MS, read once per process. The approvals floor owns it
 * because both the approvals routing and the features that raise approvals (MCP connections, workflow requests)
 * need it, and approvals sit below them.
 */
import { PG_INT_MAX, pgIntParam } from '@/lib/contracts/safe-text'

export const DEFAULT_APPROVAL_TIMEOUT_MS = 10 * 60_000
/** Node keeps no timer longer than 2^31-1 ms (a longer one fires at once); it is also PG_INT_MAX. */
export const MAX_TIMER_MS = PG_INT_MAX

/** AGENTLOOM_APPROVAL_TIMEOUT_MS: a positive whole number of milliseconds; anything else is reported and the default used. */
export function approvalTimeoutFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, logger: Pick<Console, 'warn'> = console): number {
  const raw = env.AGENTLOOM_APPROVAL_TIMEOUT_MS
  if (raw === undefined || raw.trim() === '') return DEFAULT_APPROVAL_TIMEOUT_MS
  const parsed = pgIntParam.safeParse(raw)
  if (parsed.success) return parsed.data
  logger.warn(
    `[approvals] AGENTLOOM_APPROVAL_TIMEOUT_MS must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, not '${raw}'; using ${DEFAULT_APPROVAL_TIMEOUT_MS}.`,
  )
  return DEFAULT_APPROVAL_TIMEOUT_MS
}

/** This process's approval timeout. */
export const APPROVAL_TIMEOUT_MS = approvalTimeoutFromEnv()
