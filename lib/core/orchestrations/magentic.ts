/**
 * Magentic orchestration: a manager plans the task, then repeatedly judges progress and hands the
 * next instruction to a participant, until the request is satisfied. Stalls (no progress or a loop)
 * beyond maxStallCount trigger a re-plan; more than maxResetCount re-plans, or maxRoundCount
 * participant turns, end the run with the best answer so far. The output is [final answer].
 *
 * With enablePlanReview the plan is shown as a request_info (`{ type: 'magentic_plan_review', … }`)
 * and answered with MagenticPlanReviewResponse.approve() or .revise('feedback').
 *
 * Graph: magentic_orchestrator ⇄ each participant
 */
import { UserError } from '../errors'
import { Message } from '../types'
import { isAgentLike, type AgentExecutorRequest, type AgentExecutorResponse, type SupportsAgentRun } from '../workflows/agent-executor'
import { WorkflowBuilder } from '../workflows/builder'
import type { WorkflowContext } from '../workflows/context'
import type { ExecutorLike } from '../workflows/edges'
import type { Executor } from '../workflows/executor'
import type { Workflow } from '../workflows/workflow'
import { ConversationOrchestrator } from './conversation-orchestrator'
import { StandardMagenticManager, type MagenticContext, type MagenticManager, type MagenticPrompts } from './magentic-manager'
import { defaultMaxIterations, participantDescription, resolveParticipants } from './participants'
import type { OrchestrationBuilderOptions } from './sequential'

export interface MagenticPlanReviewRequest {
  type: 'magentic_plan_review'
  task: string
  facts: string
  plan: string
}

export const MagenticPlanReviewResponse = {
  approve(): { approved: true } {
    return { approved: true }
  },
  revise(feedback: string): { approved: false; feedback: string } {
    return { approved: false, feedback }
  },
}

export interface MagenticBuilderOptions extends OrchestrationBuilderOptions {
  participants: ExecutorLike[]
  manager?: MagenticManager
  managerAgent?: SupportsAgentRun
  /** Prompt overrides for the standard manager built from managerAgent. */
  prompts?: Partial<MagenticPrompts>
  maxStallCount?: number
  maxResetCount?: number
  maxRoundCount?: number
  enablePlanReview?: boolean
}

interface MagenticLimits {
  maxStallCount: number
  maxResetCount?: number
  maxRoundCount?: number
  enablePlanReview: boolean
}

interface MagenticProgress {
  task: string
  facts?: string
  plan?: string
  stallCount: number
  resetCount: number
}

type Context = WorkflowContext<AgentExecutorRequest, Message[]>

function parsePlanReview(answer: unknown): { approved: boolean; feedback?: string } {
  if (answer === true) return { approved: true }
  if (typeof answer === 'string') return { approved: false, feedback: answer }
  if (typeof answer === 'object' && answer !== null) {
    const { approved, feedback } = answer as { approved?: unknown; feedback?: unknown }
    if (approved === true) return { approved: true }
    if (typeof feedback === 'string') return { approved: false, feedback }
  }
  throw new UserError("A plan review answer must be MagenticPlanReviewResponse.approve() or .revise('feedback').")
}

export class MagenticOrchestrator extends ConversationOrchestrator {
  private progress: MagenticProgress = { task: '', stallCount: 0, resetCount: 0 }

  constructor(
    participants: Executor[],
    private readonly manager: MagenticManager,
    private readonly limits: MagenticLimits,
  ) {
    super('magentic_orchestrator', participants)
    this.addResponseHandler<MagenticPlanReviewRequest, unknown>((_request, answer, ctx) => this.onPlanReview(answer, ctx as Context))
  }

  protected override saveExtra(): Record<string, unknown> {
    return { progress: this.progress }
  }

  protected override restoreExtra(state: Record<string, unknown>): void {
    this.progress = { ...(state.progress as MagenticProgress) }
  }

  protected override resetExtra(): void {
    this.progress = { task: '', stallCount: 0, resetCount: 0 }
  }

  protected override async onStart(ctx: Context): Promise<void> {
    this.progress.task = this.state.conversation
      .map((m) => m.text)
      .filter(Boolean)
      .join('\n')
    const ledger = await this.manager.plan(this.context(ctx))
    this.reportUsage(ctx)
    await this.adoptPlan(ledger, 'plan_created', ctx)
  }

  protected override async onReply(response: AgentExecutorResponse, ctx: Context): Promise<void> {
    void response
    await this.step(ctx)
  }

  private async adoptPlan(ledger: { facts: string; plan: string }, eventType: string, ctx: Context): Promise<void> {
    this.progress.facts = ledger.facts
    this.progress.plan = ledger.plan
    ctx.addEvent({ type: 'magentic_orchestrator', executorId: this.id, eventType, data: { facts: ledger.facts, plan: ledger.plan } })
    if (this.limits.enablePlanReview) {
      const request: MagenticPlanReviewRequest = { type: 'magentic_plan_review', task: this.progress.task, facts: ledger.facts, plan: ledger.plan }
      ctx.requestInfo(request, { responseSchema: (answer) => tryParse(answer) })
      return
    }
    this.state.conversation.push(this.planMessage())
    await this.step(ctx)
  }

  private async onPlanReview(answer: unknown, ctx: Context): Promise<void> {
    const review = parsePlanReview(answer)
    if (review.approved) {
      this.state.conversation.push(this.planMessage())
      return this.step(ctx)
    }
    const ledger = await this.manager.plan({ ...this.context(ctx), planFeedback: review.feedback })
    this.reportUsage(ctx)
    await this.adoptPlan(ledger, 'plan_revised', ctx)
  }

  private async step(ctx: Context): Promise<void> {
    for (;;) {
      const { maxRoundCount, maxStallCount, maxResetCount } = this.limits
      if (maxRoundCount !== undefined && this.state.round >= maxRoundCount) return this.finish(ctx, 'max_rounds')
      const ledger = await this.manager.createProgressLedger(this.context(ctx))
      this.reportUsage(ctx)
      ctx.addEvent({ type: 'magentic_orchestrator', executorId: this.id, eventType: 'progress_ledger', data: ledger })
      if (ledger.isRequestSatisfied) return this.finish(ctx, 'satisfied')
      if (!ledger.isProgressBeingMade || ledger.isInLoop) this.progress.stallCount++
      else this.progress.stallCount = Math.max(0, this.progress.stallCount - 1)
      if (this.progress.stallCount > maxStallCount) {
        this.progress.resetCount++
        if (maxResetCount !== undefined && this.progress.resetCount > maxResetCount) return this.finish(ctx, 'max_resets')
        const replanned = await this.manager.replan(this.context(ctx))
        this.reportUsage(ctx)
        this.progress.stallCount = 0
        this.progress.facts = replanned.facts
        this.progress.plan = replanned.plan
        ctx.addEvent({ type: 'magentic_orchestrator', executorId: this.id, eventType: 'replanned', data: replanned })
        this.state.conversation.push(this.planMessage())
        continue
      }
      let speaker = ledger.nextSpeaker
      if (!this.participantIds.includes(speaker)) {
        ctx.addEvent({
          type: 'warning',
          executorId: this.id,
          message: `The manager chose '${speaker}', which is not a participant; '${this.participantIds[0]}' speaks next.`,
        })
        speaker = this.participantIds[0]
      }
      const instruction = new Message({ role: 'user', text: ledger.instructionOrQuestion, authorName: 'magentic_manager' })
      ctx.addEvent({
        type: 'magentic_orchestrator',
        executorId: this.id,
        eventType: 'instruction',
        data: { participant: speaker, instruction: ledger.instructionOrQuestion },
      })
      this.askParticipant(speaker, [instruction], ctx)
      return
    }
  }

  private async finish(ctx: Context, reason: string): Promise<void> {
    const answer = await this.manager.prepareFinalAnswer(this.context(ctx))
    this.reportUsage(ctx)
    this.state.conversation.push(answer)
    ctx.addEvent({ type: 'magentic_orchestrator', executorId: this.id, eventType: 'final_answer', data: { reason, text: answer.text } })
    ctx.yieldOutput([answer])
  }

  private planMessage(): Message {
    return new Message({
      role: 'assistant',
      authorName: 'magentic_manager',
      text: `Task: ${this.progress.task}\n\nFacts:\n${this.progress.facts ?? ''}\n\nPlan:\n${this.progress.plan ?? ''}`,
    })
  }

  private context(ctx: Context): MagenticContext {
    const participants: Record<string, string> = {}
    for (const participant of this.participants) participants[participant.id] = participantDescription(participant)
    return {
      task: this.progress.task,
      participants,
      conversation: this.state.conversation,
      roundCount: this.state.round,
      stallCount: this.progress.stallCount,
      resetCount: this.progress.resetCount,
      facts: this.progress.facts,
      plan: this.progress.plan,
      signal: ctx.signal,
    }
  }

  private reportUsage(ctx: Context): void {
    const usage = this.manager.takeUsage?.()
    if (usage) ctx.addEvent({ type: 'agent_response', executorId: this.id, text: '', usage })
  }
}

function tryParse(answer: unknown): boolean {
  try {
    parsePlanReview(answer)
    return true
  } catch {
    return false
  }
}

export class MagenticBuilder {
  private readonly participants: Executor[]
  private readonly manager: MagenticManager
  private planReview: boolean

  constructor(private readonly options: MagenticBuilderOptions) {
    this.participants = resolveParticipants(options?.participants, 'MagenticBuilder')
    if ((options.manager === undefined) === (options.managerAgent === undefined)) {
      throw new UserError('MagenticBuilder needs exactly one of manager or managerAgent.')
    }
    if (options.managerAgent !== undefined && !isAgentLike(options.managerAgent)) throw new UserError('managerAgent must be an agent.')
    for (const [name, value] of Object.entries({
      maxStallCount: options.maxStallCount,
      maxResetCount: options.maxResetCount,
      maxRoundCount: options.maxRoundCount,
    })) {
      if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new UserError(`${name} must be a non-negative integer.`)
    }
    this.manager = options.manager ?? new StandardMagenticManager(options.managerAgent!, options.prompts)
    this.planReview = options.enablePlanReview ?? false
  }

  /** Shows the plan to a person before the team starts (same as enablePlanReview: true). */
  withRequestInfo(): this {
    this.planReview = true
    return this
  }

  build(): Workflow {
    const orchestrator = new MagenticOrchestrator(this.participants, this.manager, {
      maxStallCount: this.options.maxStallCount ?? 3,
      maxResetCount: this.options.maxResetCount,
      maxRoundCount: this.options.maxRoundCount,
      enablePlanReview: this.planReview,
    })
    const builder = new WorkflowBuilder({
      startExecutor: orchestrator,
      name: this.options.name,
      description: this.options.description,
      checkpointStorage: this.options.checkpointStorage,
      maxIterations: this.options.maxIterations ?? defaultMaxIterations(2, Math.max(this.options.maxRoundCount ?? 40, this.participants.length)),
      outputFrom: [orchestrator],
    })
    for (const participant of this.participants) builder.addEdge(orchestrator, participant).addEdge(participant, orchestrator)
    return builder.build()
  }
}
