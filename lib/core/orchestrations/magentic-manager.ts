/**
 * The Magentic manager: plans the task (facts + plan = the task ledger), judges progress after
 * every turn (the progress ledger), re-plans when stalled and writes the final answer.
 * StandardMagenticManager does all four with one agent and overridable prompts.
 */
import { Message, type UsageDetails } from '../types'
import type { SupportsAgentRun } from '../workflows/agent-executor'
import { parseJSONObject } from './json-reply'

export interface MagenticContext {
  task: string
  /** Participant ids with their descriptions. */
  participants: Record<string, string>
  conversation: readonly Message[]
  roundCount: number
  stallCount: number
  resetCount: number
  facts?: string
  plan?: string
  /** Feedback from a plan review, when the plan is being revised. */
  planFeedback?: string
  signal?: AbortSignal
}

export interface MagenticProgressLedger {
  isRequestSatisfied: boolean
  isInLoop: boolean
  isProgressBeingMade: boolean
  nextSpeaker: string
  instructionOrQuestion: string
  reason?: string
}

export interface MagenticTaskLedger {
  facts: string
  plan: string
}

export interface MagenticManager {
  plan(context: MagenticContext): Promise<MagenticTaskLedger>
  replan(context: MagenticContext): Promise<MagenticTaskLedger>
  createProgressLedger(context: MagenticContext): Promise<MagenticProgressLedger>
  prepareFinalAnswer(context: MagenticContext): Promise<Message>
  /** Token usage of the manager's model calls since the last call (reported as agent_response events). */
  takeUsage?(): UsageDetails | undefined
}

export interface MagenticPrompts {
  facts: string
  plan: string
  replan: string
  progressLedger: string
  finalAnswer: string
}

export const DEFAULT_MAGENTIC_PROMPTS: MagenticPrompts = {
  facts: `Below is a request to address:

{task}

Before starting, list what we know: 1. facts given in the request, 2. facts to look up, 3. facts to derive, 4. educated guesses.`,
  plan: `To address the request we have this team:

{team}

Write a short bullet-point plan that uses the team members' strengths. Do not include anything else.`,
  replan: `We could not make progress on the request:

{task}

Current facts:
{facts}

Current plan:
{plan}

{feedback}
Write an updated fact sheet and a new bullet-point plan that avoids the earlier problems. Answer with a JSON object {"facts": string, "plan": string}.`,
  progressLedger: `Recall the request:

{task}

The team:
{team}

To make progress, answer these questions about the conversation so far:
- Is the request fully satisfied?
- Are we in a loop (repeating the same requests or answers)?
- Are we making forward progress?
- Who should speak next? (one of: {names})
- What instruction or question should be given to them?

Answer with only a JSON object:
{"is_request_satisfied": {"reason": string, "answer": boolean}, "is_in_loop": {"reason": string, "answer": boolean}, "is_progress_being_made": {"reason": string, "answer": boolean}, "next_speaker": {"reason": string, "answer": string}, "instruction_or_question": {"reason": string, "answer": string}}`,
  finalAnswer: `We are working on the request:

{task}

The request is now complete or cannot progress further. Using the conversation above, write the final answer for the person who asked.`,
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? values[key] : match))
}

function answerOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'answer' in value ? (value as { answer: unknown }).answer : value
}

export class StandardMagenticManager implements MagenticManager {
  private readonly prompts: MagenticPrompts
  private usage?: UsageDetails

  constructor(
    private readonly agent: SupportsAgentRun,
    prompts: Partial<MagenticPrompts> = {},
  ) {
    this.prompts = { ...DEFAULT_MAGENTIC_PROMPTS, ...prompts }
  }

  takeUsage(): UsageDetails | undefined {
    const usage = this.usage
    this.usage = undefined
    return usage
  }

  async plan(context: MagenticContext): Promise<MagenticTaskLedger> {
    const values = this.values(context)
    const factsPrompt = new Message({ role: 'user', text: fill(this.prompts.facts, values) })
    const facts = await this.ask([factsPrompt], context)
    const planPrompt = new Message({ role: 'user', text: fill(this.prompts.plan, values) })
    const feedback = context.planFeedback ? [new Message({ role: 'user', text: `Revise the plan with this feedback: ${context.planFeedback}` })] : []
    const plan = await this.ask([factsPrompt, new Message({ role: 'assistant', text: facts }), planPrompt, ...feedback], context)
    return { facts, plan }
  }

  async replan(context: MagenticContext): Promise<MagenticTaskLedger> {
    const feedback = context.planFeedback ? `Feedback on the plan: ${context.planFeedback}\n` : ''
    const prompt = new Message({ role: 'user', text: fill(this.prompts.replan, { ...this.values(context), feedback }) })
    const text = await this.ask([...context.conversation, prompt], context)
    const parsed = parseJSONObject(text)
    if (parsed && typeof parsed.plan === 'string') {
      return { facts: typeof parsed.facts === 'string' ? parsed.facts : (context.facts ?? ''), plan: parsed.plan }
    }
    return { facts: context.facts ?? '', plan: text }
  }

  async createProgressLedger(context: MagenticContext): Promise<MagenticProgressLedger> {
    const prompt = new Message({ role: 'user', text: fill(this.prompts.progressLedger, this.values(context)) })
    const text = await this.ask([...context.conversation, prompt], context)
    const parsed = parseJSONObject(text)
    const names = Object.keys(context.participants)
    const nextSpeaker = parsed ? answerOf(parsed.next_speaker) : undefined
    if (parsed && typeof answerOf(parsed.is_request_satisfied) === 'boolean' && typeof nextSpeaker === 'string') {
      return {
        isRequestSatisfied: answerOf(parsed.is_request_satisfied) === true,
        isInLoop: answerOf(parsed.is_in_loop) === true,
        isProgressBeingMade: answerOf(parsed.is_progress_being_made) !== false,
        nextSpeaker,
        instructionOrQuestion: String(answerOf(parsed.instruction_or_question) ?? context.task),
      }
    }
    // A model that ignores the format (such as the offline demo model) still gets a usable ledger:
    // every participant is asked once, in order, then the request counts as satisfied.
    return {
      isRequestSatisfied: context.roundCount >= names.length,
      isInLoop: false,
      isProgressBeingMade: true,
      nextSpeaker: names[context.roundCount % names.length],
      instructionOrQuestion: context.task,
      reason: 'unparsed',
    }
  }

  async prepareFinalAnswer(context: MagenticContext): Promise<Message> {
    const prompt = new Message({ role: 'user', text: fill(this.prompts.finalAnswer, this.values(context)) })
    const text = await this.ask([...context.conversation, prompt], context)
    return new Message({ role: 'assistant', text, authorName: 'magentic_manager' })
  }

  private values(context: MagenticContext): Record<string, string> {
    const team = Object.entries(context.participants)
      .map(([id, description]) => `- ${id}: ${description}`)
      .join('\n')
    return {
      task: context.task,
      team,
      names: Object.keys(context.participants).join(', '),
      facts: context.facts ?? '',
      plan: context.plan ?? '',
    }
  }

  private async ask(messages: Message[], context: MagenticContext): Promise<string> {
    const response = await this.agent.run(messages, { signal: context.signal })
    if (response.usage) {
      const sum: UsageDetails = { ...(this.usage ?? {}) }
      for (const [key, value] of Object.entries(response.usage)) if (value !== undefined) sum[key] = (sum[key] ?? 0) + value
      this.usage = sum
    }
    return response.text
  }
}
