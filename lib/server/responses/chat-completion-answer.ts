/**
 * A finished Responses answer (response-assembly.ts) as OpenAI's `chat.completion`: the assistant's text is the one
 * choice's message, the tools the agent ran itself stay in `agentloom.tool_calls` (they are no client tool calls),
 * and the usage is said in the Chat Completions words.
 *
 * A chat completion has no status: a reply cut at the agent's token limit is a completion whose `finish_reason` is
 * `length`, as OpenAI's is; any other response that did not complete is an error in OpenAI's shape, not retried by
 * OpenAI's clients (openai-errors.ts):
 * - an agent's turn that asked a person (a tool needing approval, human input): 400 `approval_not_supported`. The turn
 *   is unstored (nothing is kept of a chat completion), so nobody could find the approval to answer it, as with a
 *   Responses request with `store: false`; `/v1/responses` (stored) is the way to run such an agent;
 * - a run that failed (the agent's model or a tool): 502 `run_failed` with what went wrong;
 * - a workflow's run that waits for an approval in the app (it is stored and goes on once answered), or was
 *   cancelled there: 409 `run_incomplete`, saying which approval it waits for.
 */
import type { ChatCompletion } from '@/lib/contracts/chat-completions'
import type { ResponseObject } from '@/lib/contracts/responses'
import { DomainError } from '../domain-errors'
import { ASKS_A_PERSON_CODE } from './unstored-turn'

export const APPROVAL_NOT_SUPPORTED_MESSAGE =
  'The agent asked for an answer from a person (an approval or human input), which a chat completion cannot wait for: ' +
  'nothing of it is stored, so nobody could find it to answer. Run this agent through /v1/responses to answer it in the app.'

export function chatCompletionIdOf(runId: string): string {
  return `chatcmpl-${runId.replaceAll('-', '')}`
}

/** The error a response that did not complete is to a chat client; undefined for a completed one. */
export function notCompletedError(response: ResponseObject): DomainError | undefined {
  if (response.status === 'completed' || cutAtTokenLimit(response)) return undefined
  if (response.status === 'failed') {
    if (response.error?.code === ASKS_A_PERSON_CODE) return new DomainError('approval_not_supported', APPROVAL_NOT_SUPPORTED_MESSAGE)
    return new DomainError('run_failed', response.error?.message ?? 'The run failed.')
  }
  const reason = response.incomplete_details?.reason ?? 'the run has not finished.'
  return new DomainError('run_incomplete', `No completion yet: ${reason}`)
}

const cutAtTokenLimit = (response: ResponseObject) => response.status === 'incomplete' && response.incomplete_details?.reason === 'max_output_tokens'

/** Why the completion's text ended: `length` when the agent's model hit its token limit. */
export function finishReasonOf(response: ResponseObject): 'stop' | 'length' {
  return cutAtTokenLimit(response) ? 'length' : 'stop'
}

export function chatUsage(usage: ResponseObject['usage']): ChatCompletion['usage'] {
  return usage ? { prompt_tokens: usage.input_tokens, completion_tokens: usage.output_tokens, total_tokens: usage.total_tokens } : null
}

/** The completed response as a chat completion (throws the error of one that did not complete). */
export function chatCompletionOf(response: ResponseObject, runId: string): ChatCompletion {
  const error = notCompletedError(response)
  if (error) throw error
  return {
    id: chatCompletionIdOf(runId),
    object: 'chat.completion',
    created: response.created_at,
    model: response.model,
    choices: [
      { index: 0, message: { role: 'assistant', content: response.output_text, refusal: null }, finish_reason: finishReasonOf(response), logprobs: null },
    ],
    usage: chatUsage(response.usage),
    metadata: response.metadata,
    agentloom: response.agentloom,
  }
}
