/**
 * Where a run started through `/mcp` is, in words, with its steps named as people named them
 * (node-titles.ts), not by node id: a progress notification's message for each event worth one
 * (a superstep begun, a step running or done, an approval waiting), and a task's status message
 * (the latest superstep and the steps running in it), read from the run event log so that any web
 * process can answer it.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { TURN_AGENT_NODE_ID } from '../conversations/turn-document'
import type { Prisma } from '../db/database'
import { nodeTitles } from '../runs/events/node-titles'
import { waitingMessage } from './run-task'

/** A step's name for an executor id. */
export type StepTitles = (executorId: string) => string

/** A workflow run's steps by their nodes' names; a conversation turn's one step by its agent's name. */
export async function loadStepTitles(prisma: Prisma, runId: string): Promise<StepTitles> {
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { version: { select: { graph: true } }, agent: { select: { name: true } } } })
  const agentName = run?.agent?.name
  if (agentName !== undefined) return (executorId) => (executorId === TURN_AGENT_NODE_ID ? agentName : executorId)
  const nodes = (run?.version?.graph as { nodes?: unknown } | null | undefined)?.nodes
  return Array.isArray(nodes) ? nodeTitles({ nodes }) : (executorId) => executorId
}

/** What a progress notification says about an event, or undefined for events it does not report. */
export function progressMessage(event: Pick<RunEvent, 'type' | 'data'>, titleOf: StepTitles, baseUrl: string): string | undefined {
  const data = (event.data ?? {}) as Record<string, unknown>
  switch (event.type) {
    case 'run_started':
      return 'Run started'
    case 'superstep_started':
      return `Superstep ${String(data.iteration)}`
    case 'executor_invoked':
      return `Running ${titleOf(String(data.executorId))}`
    case 'executor_completed':
      return `Done: ${titleOf(String(data.executorId))}`
    case 'approval_requested': {
      const approval = data.approval as { title?: unknown } | undefined
      return waitingMessage({ title: String(approval?.title ?? 'approval') }, baseUrl)
    }
    default:
      return undefined
  }
}

const STEP_EVENT_TYPES = ['executor_invoked', 'executor_completed', 'executor_failed']

/**
 * Where a run that has not ended is: `Superstep N: running A, B` (the steps invoked in its latest
 * superstep that have not finished), `Superstep N` between steps, `Starting` before the first.
 */
export async function currentStep(prisma: Prisma, runId: string, titleOf: StepTitles): Promise<string> {
  const superstep = await prisma.runEvent.findFirst({
    where: { runId, type: 'superstep_started' },
    orderBy: { sequence: 'desc' },
    select: { sequence: true, data: true },
  })
  if (!superstep) return 'Starting'
  const steps = await prisma.runEvent.findMany({
    where: { runId, sequence: { gt: superstep.sequence }, type: { in: STEP_EVENT_TYPES } },
    orderBy: { sequence: 'asc' },
    select: { type: true, data: true },
  })
  const running = new Set<string>()
  for (const step of steps) {
    const executorId = String((step.data as { executorId?: unknown }).executorId)
    if (step.type === 'executor_invoked') running.add(executorId)
    else running.delete(executorId)
  }
  const title = `Superstep ${String((superstep.data as { iteration?: unknown }).iteration)}`
  return running.size > 0 ? `${title}: running ${[...running].map(titleOf).join(', ')}` : title
}
