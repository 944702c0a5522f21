/** What the orchestration kinds (sequential, concurrent, group chat, Magentic, handoff) share: their participants' checks and references. */
import type { Participant } from '../agent-settings'
import { error, type GraphProblem } from '../problems'
import { agentSettingsProblems } from './checks'
import type { NodeReferences } from './definition'

export function participantProblems(nodeId: string, participants: readonly Participant[]): GraphProblem[] {
  const at = { nodeId }
  const problems: GraphProblem[] = []
  if (participants.length === 0) problems.push(error('missing_participants', 'The orchestration has no participants.', at))
  const ids = new Set<string>()
  for (const participant of participants) {
    if (ids.has(participant.id)) {
      problems.push(error('duplicate_participant', `Participant id "${participant.id}" is used twice.`, at))
    }
    ids.add(participant.id)
    problems.push(...agentSettingsProblems(participant, `Participant "${participant.name || participant.id}"`, at))
  }
  return problems
}

export function participantAgents(participants: readonly Participant[]): NodeReferences['agents'] {
  return participants.map((participant) => ({ settings: participant, who: `Participant "${participant.name || participant.id}"` }))
}
