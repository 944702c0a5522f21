/**
 * Conversations passed between orchestration steps are Message[]; these helpers and small executors
 * convert whatever arrives (a prompt, a message, an agent's response) into one.
 */
import { Message, AgentResponse } from '../types'
import { AgentExecutorRequest, AgentExecutorResponse } from '../workflows/agent-executor'
import type { WorkflowContext } from '../workflows/context'
import { Executor } from '../workflows/executor'
import { UserError } from '../errors'

export function isMessageList(value: unknown): value is Message[] {
  return Array.isArray(value) && value.every((item) => item instanceof Message)
}

/** Turns a prompt, a Message, a list of either, or an agent result into a conversation. */
export function toConversation(input: unknown): Message[] {
  if (typeof input === 'string') return [new Message({ role: 'user', text: input })]
  if (input instanceof Message) return [input]
  if (input instanceof AgentExecutorResponse) return [...input.fullConversation]
  if (input instanceof AgentExecutorRequest) return [...input.messages]
  if (input instanceof AgentResponse) return [...input.messages]
  if (Array.isArray(input) && input.every((item) => typeof item === 'string' || item instanceof Message)) {
    return input.map((item) => (typeof item === 'string' ? new Message({ role: 'user', text: item }) : item))
  }
  throw new UserError('Expected a string, a Message or a list of messages as the conversation input.')
}

export function isConversationInput(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    value instanceof Message ||
    value instanceof AgentExecutorResponse ||
    value instanceof AgentExecutorRequest ||
    value instanceof AgentResponse ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string' || item instanceof Message))
  )
}

/** The reply of the last assistant message of a response (what "one message per participant" means). */
export function finalAssistantMessage(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'assistant' && messages[i].text !== '') return messages[i]
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'assistant') return messages[i]
  return undefined
}

/** Copies a message with an author name, so speakers stay apparent in a shared conversation. */
export function withAuthor(message: Message, authorName: string): Message {
  if (message.authorName) return message
  return new Message({
    role: message.role,
    contents: message.contents,
    authorName,
    messageId: message.messageId,
    additionalProperties: message.additionalProperties,
  })
}

/** Normalises the workflow input into a conversation and sends it on. */
export class InputToConversation extends Executor<unknown, Message[], never> {
  constructor(id = 'input-conversation') {
    super(id)
    this.outputCapable = false
    this.addHandler(isConversationInput, (input, ctx) => ctx.sendMessage(toConversation(input)))
  }
}

/** Converts an agent's response into the conversation for the next step (all of it, or only the reply). */
export class ResponseToConversation extends Executor<unknown, Message[], never> {
  constructor(
    id: string,
    private readonly onlyAgentResponses: boolean,
  ) {
    super(id)
    this.outputCapable = false
    this.addHandler(isConversationInput, (input, ctx) => ctx.sendMessage(this.convert(input)))
  }

  private convert(input: unknown): Message[] {
    if (input instanceof AgentExecutorResponse && this.onlyAgentResponses) return [...input.agentResponse.messages]
    return toConversation(input)
  }
}

/** Yields the conversation it receives as the workflow's output. */
export class EndWithConversation extends Executor<unknown, never, Message[]> {
  constructor(id = 'end') {
    super(id)
    this.addHandler(isConversationInput, (input, ctx: WorkflowContext<never, Message[]>) => ctx.yieldOutput(toConversation(input)))
  }
}
