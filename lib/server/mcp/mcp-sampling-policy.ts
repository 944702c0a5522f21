/**
 * How a run answers a server's sampling request, by the server's sampling policy
 * (lib/contracts/mcp-server-settings.ts): refused, approved automatically within its caps, or put
 * to a person as an approval card. A person may approve "the rest of this run's requests from this
 * server": that answer is kept on the approval row, so every process running the run (a resumed
 * one too) finds it. Every decision taken without a person is recorded as a decided approval, which
 * is both the audit and the count of the per-run cap.
 */
import type { SamplingApprovalCallback, SamplingApprovalDecision } from '@/lib/core'
import { REST_OF_RUN_REASON, type ApprovalBroker } from '../approvals/approval-broker'
import type { McpServerConfig } from './mcp-server-registry'
import { samplingApprovalPayload } from './sampling-approval'

/** What the policy needs of the approvals broker (a connection test gives a stand-in that refuses everything). */
export type SamplingApprovals = Pick<ApprovalBroker, 'request' | 'recordAutomatic' | 'countAutomatic' | 'restOfRunApproved'>

export interface SamplingPolicyContext {
  approvals: SamplingApprovals
  runId: string
  signal: AbortSignal
  /** How long a person has to answer. */
  timeoutMs: number
  /** The client's cap on any request's tokens. */
  maxTokensCap: number
}

type Verdict = { kind: 'approve' | 'deny'; automatic: 'policy' | 'rest_of_run'; reason: string } | { kind: 'ask' }

async function verdictFor(server: McpServerConfig, source: string, requestedTokens: number, context: SamplingPolicyContext): Promise<Verdict> {
  const policy = server.settings.sampling
  if (policy.mode === 'deny') return { kind: 'deny', automatic: 'policy', reason: `${server.name} is set to always deny sampling requests.` }
  if (await context.approvals.restOfRunApproved(context.runId, 'sampling', source)) {
    return { kind: 'approve', automatic: 'rest_of_run', reason: REST_OF_RUN_REASON }
  }
  if (policy.mode === 'ask') return { kind: 'ask' }
  const used = await context.approvals.countAutomatic(context.runId, 'sampling', source, 'policy')
  const problem =
    requestedTokens > policy.maxTokensPerRequest
      ? `it asks for ${requestedTokens} tokens, more than the ${policy.maxTokensPerRequest} approved automatically`
      : used >= policy.maxRequestsPerRun
        ? `this run already had ${used} requests approved automatically, the most allowed`
        : undefined
  if (problem === undefined) {
    return {
      kind: 'approve',
      automatic: 'policy',
      reason: `Approved automatically: within ${policy.maxTokensPerRequest} tokens and ${policy.maxRequestsPerRun} requests per run.`,
    }
  }
  if (policy.beyondCaps === 'ask') return { kind: 'ask' }
  return { kind: 'deny', automatic: 'policy', reason: `Denied automatically: ${problem}.` }
}

/** Why an unanswered sampling request was denied, as the server is told it. */
export const SAMPLING_APPROVAL_EXPIRED = 'its approval expired (nobody answered in time).'

export function samplingApprovalCallbackFor(server: McpServerConfig, context: SamplingPolicyContext): SamplingApprovalCallback {
  return async (params, { serverName }): Promise<SamplingApprovalDecision> => {
    const raw = params as unknown as Record<string, unknown>
    const requestedTokens = typeof raw.maxTokens === 'number' ? raw.maxTokens : context.maxTokensCap
    const payload = samplingApprovalPayload(raw, serverName, context.maxTokensCap)
    const verdict = await verdictFor(server, serverName, requestedTokens, context)
    if (verdict.kind !== 'ask') {
      const approved = verdict.kind === 'approve'
      await context.approvals.recordAutomatic({
        runId: context.runId,
        kind: 'sampling',
        source: serverName,
        title: `${server.name} asks the model for a completion`,
        payload,
        approved,
        automatic: verdict.automatic,
        reason: verdict.reason,
      })
      return approved
    }
    const decision = await context.approvals.request({
      runId: context.runId,
      kind: 'sampling',
      source: serverName,
      title: `${server.name} asks the model for a completion`,
      payload,
      timeoutMs: context.timeoutMs,
      signal: context.signal,
    })
    // Nobody answered: the server is told so (as an expired tool approval says), not that a person declined.
    if (decision.status === 'expired') return { approved: false, reason: SAMPLING_APPROVAL_EXPIRED }
    // A person may approve with a lower token cap than the server asked for.
    const cap = decision.response.maxTokens
    return typeof cap === 'number' ? { approved: decision.approved, maxTokens: cap } : decision.approved
  }
}
