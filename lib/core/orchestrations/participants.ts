/**
 * Participants of an orchestration: agents (wrapped in AgentExecutors) or executors.
 */
import { UserError } from '../errors'
import { AgentExecutor, isAgentLike, resolveAgentId } from '../workflows/agent-executor'
import type { ExecutorLike } from '../workflows/edges'
import { Executor } from '../workflows/executor'

export function toParticipantExecutor(participant: ExecutorLike, wrappers: Map<object, Executor>): Executor {
  if (participant instanceof Executor) return participant
  if (isAgentLike(participant)) {
    const existing = wrappers.get(participant)
    if (existing) return existing
    const wrapper = new AgentExecutor(participant, { id: resolveAgentId(participant) })
    wrappers.set(participant, wrapper)
    return wrapper
  }
  throw new UserError('Participants must be agents or executors.')
}

/** Wraps the participants and checks they are non-empty with unique ids. */
export function resolveParticipants(participants: readonly ExecutorLike[] | undefined, builderName: string): Executor[] {
  if (!Array.isArray(participants) || participants.length === 0) {
    throw new UserError(`${builderName} needs at least one participant.`)
  }
  const wrappers = new Map<object, Executor>()
  const executors = participants.map((participant) => toParticipantExecutor(participant, wrappers))
  const seen = new Set<string>()
  for (const executor of executors) {
    if (seen.has(executor.id)) throw new UserError(`Duplicate participant id '${executor.id}' in ${builderName}.`)
    seen.add(executor.id)
  }
  return executors
}

/** Finds the participant an agent or executor given to a builder method refers to. */
export function findParticipant(participants: readonly Executor[], candidate: ExecutorLike, builderName: string): Executor {
  const id = candidate instanceof Executor ? candidate.id : isAgentLike(candidate) ? resolveAgentId(candidate) : undefined
  const found = participants.find((participant) => participant.id === id || (participant instanceof AgentExecutor && participant.agent === candidate))
  if (!found) throw new UserError(`'${id ?? String(candidate)}' is not a participant of this ${builderName}.`)
  return found
}

export function participantDescription(executor: Executor): string {
  if (executor instanceof AgentExecutor) return executor.agent.description ?? executor.agent.name ?? executor.id
  return executor.id
}

/** Enough supersteps for orchestrations whose size grows with the number of participants. */
export function defaultMaxIterations(stepsPerParticipant: number, participants: number): number {
  return Math.max(100, stepsPerParticipant * participants + 10)
}
