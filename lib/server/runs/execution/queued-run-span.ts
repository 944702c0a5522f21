/**
 * The span of one take of a stored run by a worker: the parent of lib/core's `workflow.run`. It says
 * which run and workflow, or agent version and conversation (ids only), and how the take ended. The owner is deliberately not recorded:
 * a user id is personal data, traces leave for collectors with their own access and retention, and
 * the run id is enough to find the owner in the app by whoever may see it.
 */
import { context, SpanStatusCode, trace } from '@opentelemetry/api'
import { telemetry } from '@/lib/core'
import { durabilityOf } from '@/lib/contracts/durability'
import type { ClaimedRun } from '../queue/run-lease'

export function traceQueuedRun<T extends string>(run: ClaimedRun, work: () => Promise<T>): Promise<T> {
  if (!telemetry.enabled) return work()
  const span = trace.getTracer('agentloom').startSpan('agentloom.run', {
    attributes: {
      'agentloom.run.id': run.id,
      'agentloom.run.attempt': run.attempts,
      // When the take commits its progress (lib/contracts/durability.ts): a trace of a slow run says whether it waited on commits.
      'agentloom.run.durability': durabilityOf(run.durability),
      // A workflow's run names its workflow and version; a conversation turn its agent version and conversation.
      ...(run.workflowId ? { 'agentloom.workflow.id': run.workflowId } : {}),
      ...(run.versionId ? { 'agentloom.workflow.version.id': run.versionId } : {}),
      ...(run.agentVersionId ? { 'agentloom.agent.version.id': run.agentVersionId } : {}),
      ...(run.conversationId ? { 'gen_ai.conversation.id': run.conversationId } : {}),
    },
  })
  return context
    .with(trace.setSpan(context.active(), span), work)
    .then(
      (exit) => {
        span.setAttribute('agentloom.run.exit', exit)
        return exit
      },
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
        throw error
      },
    )
    .finally(() => span.end())
}
