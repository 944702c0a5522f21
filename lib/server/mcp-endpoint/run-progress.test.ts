import { describe, expect, it } from 'vitest'
import { progressMessage } from './run-progress'

const titleOf = (executorId: string) => ({ shout: 'Shout' })[executorId] ?? executorId

describe('progressMessage', () => {
  it('names steps by their titles, and says where to answer an approval', () => {
    expect(progressMessage({ type: 'superstep_started', data: { iteration: 2 } }, titleOf, 'http://app')).toBe('Superstep 2')
    expect(progressMessage({ type: 'executor_invoked', data: { executorId: 'shout' } }, titleOf, 'http://app')).toBe('Running Shout')
    expect(progressMessage({ type: 'executor_completed', data: { executorId: 'shout/inner' } }, titleOf, 'http://app')).toBe('Done: shout/inner')
    expect(progressMessage({ type: 'approval_requested', data: { approval: { title: 'Which colour?' } } }, titleOf, 'http://app')).toBe(
      "Waiting for the approval 'Which colour?': answer it in Agentloom at http://app/approvals",
    )
  })

  it('reports nothing for events that say nothing about where the run is', () => {
    expect(progressMessage({ type: 'agent_update', data: { executorId: 'shout', text: 'Hel' } }, titleOf, 'http://app')).toBeUndefined()
    expect(progressMessage({ type: 'run_succeeded', data: { outputs: [] } }, titleOf, 'http://app')).toBeUndefined()
  })
})
