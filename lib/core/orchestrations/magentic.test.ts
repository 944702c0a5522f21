import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { silentLogger } from '../logger'
import { ScriptedChatClient, modelResponse } from '../testing'
import { Message } from '../types'
import type { MagenticOrchestratorEvent } from '../workflows'
import {
  MagenticBuilder,
  MagenticPlanReviewResponse,
  type MagenticContext,
  type MagenticManager,
  type MagenticPlanReviewRequest,
  type MagenticProgressLedger,
} from './index'

const agent = (name: string, client: ScriptedChatClient | DemoChatClient) => new Agent({ name, client, logger: silentLogger })

/** A scripted manager: progress ledgers are taken in order; records what it was asked. */
class ScriptedManager implements MagenticManager {
  readonly calls: string[] = []
  constructor(private readonly ledgers: Array<Partial<MagenticProgressLedger>>) {}
  async plan(context: MagenticContext) {
    this.calls.push(context.planFeedback ? `plan:${context.planFeedback}` : 'plan')
    return { facts: 'some facts', plan: context.planFeedback ? 'revised plan' : 'first plan' }
  }
  async replan() {
    this.calls.push('replan')
    return { facts: 'new facts', plan: 'new plan' }
  }
  async createProgressLedger(context: MagenticContext): Promise<MagenticProgressLedger> {
    this.calls.push(`ledger@${context.roundCount}`)
    const next = this.ledgers.shift() ?? { isRequestSatisfied: true }
    return { isRequestSatisfied: false, isInLoop: false, isProgressBeingMade: true, nextSpeaker: 'researcher', instructionOrQuestion: 'Look it up', ...next }
  }
  async prepareFinalAnswer(context: MagenticContext) {
    this.calls.push('final')
    return new Message({ role: 'assistant', text: `Final after ${context.roundCount} rounds` })
  }
}

describe('MagenticBuilder', () => {
  it('plans, instructs participants until satisfied and outputs the final answer', async () => {
    const researcher = new ScriptedChatClient([modelResponse('Found it.')])
    const manager = new ScriptedManager([{ nextSpeaker: 'researcher', instructionOrQuestion: 'Find the capital of France' }, { isRequestSatisfied: true }])
    const workflow = new MagenticBuilder({ participants: [agent('researcher', researcher)], manager }).build()
    const run = await workflow.run('What is the capital of France?')
    expect(run.getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['Final after 1 rounds'])
    expect(manager.calls).toEqual(['plan', 'ledger@0', 'ledger@1', 'final'])
    const seen = researcher.lastCall!.messages.map((m) => m.text)
    expect(seen[0]).toBe('What is the capital of France?')
    expect(seen.at(-1)).toBe('Find the capital of France')
    const kinds = run.events.filter((e): e is MagenticOrchestratorEvent => e.type === 'magentic_orchestrator').map((e) => e.eventType)
    expect(kinds).toEqual(['plan_created', 'progress_ledger', 'instruction', 'progress_ledger', 'final_answer'])
  })

  it('re-plans after more than maxStallCount stalls and stops after maxResetCount resets', async () => {
    const stalled = { isProgressBeingMade: false }
    const manager = new ScriptedManager(Array.from({ length: 20 }, () => stalled))
    const workflow = new MagenticBuilder({
      participants: [agent('researcher', new DemoChatClient())],
      manager,
      maxStallCount: 1,
      maxResetCount: 1,
    }).build()
    const run = await workflow.run('Impossible task')
    expect(manager.calls.filter((c) => c === 'replan')).toHaveLength(1)
    expect(manager.calls.at(-1)).toBe('final')
    const final = run.events.find((e): e is MagenticOrchestratorEvent => e.type === 'magentic_orchestrator' && e.eventType === 'final_answer')
    expect(final?.data).toMatchObject({ reason: 'max_resets' })
  })

  it('stops after maxRoundCount participant turns', async () => {
    const manager = new ScriptedManager(Array.from({ length: 10 }, () => ({})))
    const run = await new MagenticBuilder({ participants: [agent('researcher', new DemoChatClient())], manager, maxRoundCount: 2 }).build().run('Go')
    expect(run.getOutputs<Message[]>()[0][0].text).toBe('Final after 2 rounds')
  })

  it('asks for plan review and revises the plan with feedback', async () => {
    const manager = new ScriptedManager([{ isRequestSatisfied: true }])
    const workflow = new MagenticBuilder({ participants: [agent('researcher', new DemoChatClient())], manager, enablePlanReview: true }).build()
    const first = await workflow.run('Task')
    const [review] = first.getRequestInfoEvents()
    expect(review.data as MagenticPlanReviewRequest).toEqual({ type: 'magentic_plan_review', task: 'Task', facts: 'some facts', plan: 'first plan' })
    const second = await workflow.run(undefined, { responses: { [review.requestId]: MagenticPlanReviewResponse.revise('add a step') } })
    const [again] = second.getRequestInfoEvents()
    expect((again.data as MagenticPlanReviewRequest).plan).toBe('revised plan')
    const third = await workflow.run(undefined, { responses: { [again.requestId]: MagenticPlanReviewResponse.approve() } })
    expect(third.getOutputs()).toHaveLength(1)
    expect(manager.calls).toEqual(['plan', 'plan:add a step', 'ledger@0', 'final'])
  })

  it('runs end to end with a standard manager on the offline demo model', async () => {
    const workflow = new MagenticBuilder({
      participants: [agent('writer', new DemoChatClient()), agent('checker', new DemoChatClient())],
      managerAgent: agent('manager', new DemoChatClient()),
    }).build()
    const run = await workflow.run('Summarise the report')
    expect(run.getFinalState()).toBe('IDLE')
    const invoked = run.events.filter((e) => e.type === 'executor_invoked').map((e) => (e as { executorId: string }).executorId)
    expect(invoked).toContain('writer')
    expect(invoked).toContain('checker')
    expect(run.getOutputs<Message[]>()[0][0].text.startsWith('Demo reply:')).toBe(true)
    expect(run.events.some((e) => e.type === 'agent_response' && e.executorId === 'magentic_orchestrator' && e.usage !== undefined)).toBe(true)
  })

  it('needs exactly one of manager and managerAgent', () => {
    const participants = [agent('a', new DemoChatClient())]
    expect(() => new MagenticBuilder({ participants })).toThrow('MagenticBuilder needs exactly one of manager or managerAgent.')
  })
})
