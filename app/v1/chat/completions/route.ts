/**
 * `POST /v1/chat/completions`: OpenAI's Chat Completions API in front of saved agents and workflows (the models of
 * `/v1/models`), for chat front-ends and IDE assistants. Stateless: `messages` is the whole conversation, and an
 * agent answers it as a Responses request with `store: false` does, in this process with nothing stored
 * (lib/server/responses/chat-completion-*.ts). API tokens only, errors in OpenAI's shape, as all of /v1.
 */
import { chatCompletionChunkSchema, chatCompletionSchema, createChatCompletionRequestSchema } from '@/lib/contracts/chat-completions'
import { defineRoute } from '@/lib/server/define-route'
import { chatCompletionOf } from '@/lib/server/responses/chat-completion-answer'
import { chatTurn } from '@/lib/server/responses/chat-completion-input'
import { chatCompletionStream } from '@/lib/server/responses/chat-completion-stream'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  method: 'POST',
  path: '/v1/chat/completions',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'runner' },
  credentials: 'token',
  errorShape: 'openai',
  summary:
    'Run a saved agent (one turn of the conversation `messages` holds, nothing stored) or workflow as an OpenAI chat completion: `model` as for ' +
    '`/v1/responses`; `stream: true` answers `chat.completion.chunk` events; a turn that asks a person is a 400, as it cannot wait unstored',
  tag: 'responses',
  body: createChatCompletionRequestSchema,
  responses: {
    200: {
      description: 'The completion; with `stream: true`, its chunks (`data: [DONE]` last)',
      schema: chatCompletionSchema,
      otherContent: { 'text/event-stream': chatCompletionChunkSchema },
    },
  },
  errors: [404, 409, 502],
  handler: async ({ principal, services: { responses: service }, body, request }) => {
    const started = await service.startChat(principal, { model: body.model, metadata: body.metadata, turn: chatTurn(body) })
    if (body.stream) {
      const stream = chatCompletionStream(started, request.signal, { includeUsage: body.stream_options?.include_usage === true })
      return new Response(stream, {
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
      })
    }
    const response = await service.wait(started, request.signal)
    // The client went away: an agent's turn stopped with it, a workflow's run goes on; nobody reads this answer.
    return response ? Response.json(chatCompletionOf(response, started.base.runId)) : new Response(null, { status: 499 })
  },
})
