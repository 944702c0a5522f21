/**
 * A streamed chat completion (`stream: true`): `data: <chat.completion.chunk>` frames, as OpenAI's clients
 * parse them: a first chunk with the assistant's role, a chunk per piece of text as the run writes it, a last
 * chunk with `finish_reason` (and `agentloom.tool_calls`, the tools the agent ran itself), a chunk with the usage
 * and no choices when `stream_options.include_usage` asks for it, and `data: [DONE]`.
 *
 * A run that did not complete ends the stream with `data: {"error": …}` in OpenAI's shape (the error
 * chat-completion-answer.ts names), which the `openai` package throws, and no `[DONE]`. Pulled and kept alive as
 * a Responses stream is (response-stream.ts): the same assembly reads the run's events.
 */
import { toErrorResponse } from '../http-errors'
import type { ResponseStreamEvent } from './response-assembly'
import { assembledEventStream, type StreamEncoding } from './response-stream'
import type { StartedResponse } from './responses-service'
import { chatCompletionIdOf, chatUsage, finishReasonOf, notCompletedError } from './chat-completion-answer'
import { toOpenAiError } from './openai-error-shape'

export function chatCompletionStream(started: StartedResponse, signal: AbortSignal, options: { includeUsage: boolean }) {
  return assembledEventStream(started, signal, chatEncoding(started, options))
}

const frame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`

function chatEncoding(started: StartedResponse, { includeUsage }: { includeUsage: boolean }): StreamEncoding {
  const head = {
    id: chatCompletionIdOf(started.base.runId),
    object: 'chat.completion.chunk',
    created: Math.floor(started.base.createdAt.getTime() / 1000),
    model: started.base.model,
  }
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) =>
    frame({ ...head, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }], ...extra })
  const deltas = (events: ResponseStreamEvent[]) =>
    events
      .filter((event) => event.type === 'response.output_text.delta' && typeof event.delta === 'string')
      .map((event) => chunk({ content: event.delta }))
      .join('')
  const errorFrame = (status: number, code: string, message: string) => frame(toOpenAiError(status, { error: { code, message } }))
  return {
    opening: () => chunk({ role: 'assistant', content: '' }),
    events: deltas,
    closing: (events, response) => {
      const error = notCompletedError(response)
      if (error) {
        const { status, body } = toErrorResponse(error)
        return deltas(events) + errorFrame(status, body.error.code, body.error.message)
      }
      const usage = includeUsage ? frame({ ...head, choices: [], usage: chatUsage(response.usage) }) : ''
      return deltas(events) + chunk({}, finishReasonOf(response), { agentloom: response.agentloom }) + usage + 'data: [DONE]\n\n'
    },
    error: (message) => errorFrame(500, 'server_error', message),
  }
}
