/**
 * One executor per node of the simple kinds. Agent nodes reuse lib/core's AgentExecutor (streamed
 * updates, token usage and tool approvals come with it) behind a thin wrapper that applies the
 * graph's message convention (see messages.ts).
 */
import { AgentExecutor, executor, type Agent, type AgentExecutorResponse, type Executor, type WorkflowContext } from '@/lib/core'
import { compileExpression } from '../cel'
import type { GraphNodeOf } from '../document'
import { RunInputError } from '../errors'
import { checkStartInput } from '../start-input'
import { mapSentMessages } from './context-view'
import { messageText, replyText, toAgentInput } from './messages'

/** Declared input fields: the run input must match them, and the checked object is sent on. Otherwise the input goes on as text. */
export function startExecutor(node: GraphNodeOf<'start'>): Executor {
  const fields = node.data.inputFields ?? []
  return executor(
    node.id,
    (input: unknown, ctx) => {
      if (fields.length === 0) return ctx.sendMessage(typeof input === 'string' ? input : JSON.stringify(input ?? ''))
      const checked = checkStartInput(fields, input)
      if (!checked.ok) throw new RunInputError(checked.problems)
      return ctx.sendMessage(checked.value)
    },
    { outputCapable: false },
  )
}

export function outputExecutor(node: GraphNodeOf<'output'>): Executor {
  return executor(node.id, (message: unknown, ctx) => ctx.yieldOutput(message))
}

/** Condition and fan-out nodes only route: their edges decide where the message goes. */
export function passThroughExecutor(node: GraphNodeOf<'condition' | 'fan_out'>): Executor {
  return executor(node.id, (message: unknown, ctx) => ctx.sendMessage(message), { outputCapable: false })
}

/** Takes messages routed nowhere (an unconnected condition case), so they don't fall through to later cases. */
export function discardExecutor(id: string): Executor {
  return executor(id, () => undefined, { outputCapable: false })
}

export function transformExecutor(node: GraphNodeOf<'transform'>): Executor {
  const expression = compileExpression(node.data.expression)
  return executor(node.id, (message: unknown, ctx) => ctx.sendMessage(expression.evaluate(message)), { outputCapable: false })
}

export function fanInExecutor(node: GraphNodeOf<'fan_in'>): Executor {
  const { join, separator } = node.data
  return executor(node.id, (messages: unknown[], ctx) => ctx.sendMessage(join === 'list' ? messages : messages.map(messageText).join(separator)), {
    outputCapable: false,
  })
}

/** What a person sees for a human_input node; the answer (any JSON) flows on as the next message. */
export interface HumanInputRequest {
  type: 'human_input'
  nodeId: string
  prompt: string
  /** The message that reached the node, as text. */
  input: string
}

export function humanInputExecutor(node: GraphNodeOf<'human_input'>): Executor {
  return executor(
    node.id,
    (message: unknown, ctx) => {
      const request: HumanInputRequest = { type: 'human_input', nodeId: node.id, prompt: node.data.prompt, input: messageText(message) }
      ctx.requestInfo(request)
    },
    { outputCapable: false, onResponse: (_request, answer, ctx) => ctx.sendMessage(answer) },
  )
}

/** An AgentExecutor that accepts any graph message and sends on the reply text. */
export class GraphAgentExecutor extends AgentExecutor {
  constructor(agent: Agent, id: string) {
    super(agent, { id, outputResponse: false })
    this.outputCapable = false
  }

  override canHandle(): boolean {
    return true
  }

  override execute(message: unknown, ctx: WorkflowContext<AgentExecutorResponse, never>): unknown {
    return super.execute(toAgentInput(message), mapSentMessages(ctx, replyText))
  }

  override executeResponse(request: unknown, response: unknown, ctx: WorkflowContext<AgentExecutorResponse, never>, requestId: string): unknown {
    return super.executeResponse(request, response, mapSentMessages(ctx, replyText), requestId)
  }
}
