/**
 * `POST /v1/chat/completions`: the subset of OpenAI's Chat Completions API that drives a saved agent or
 * workflow, for chat front-ends and IDE assistants that speak only that API. The models are those of
 * `/v1/models`; errors are OpenAI's shape, as everywhere under /v1. Browser-safe.
 *
 * Stateless, as OpenAI's chat completions are: `messages` is the whole conversation, and nothing of it
 * is kept (an agent answers as a Responses request with `store: false` does).
 */
import { z } from 'zod'
import { atMostKeys } from './bounded'
import { MAX_RESPONSE_INPUT_LENGTH, MAX_RESPONSE_INPUT_MESSAGES, agentloomResponseExtensionSchema, responseTextFormatSchema } from './responses'
import { safeText } from './safe-text'

const text = safeText().max(MAX_RESPONSE_INPUT_LENGTH)

/** A content part of a message: text only (images, audio and files are not taken). */
const textPartSchema = z.object({ type: z.literal('text'), text })
const contentSchema = z.union([text, z.array(textPartSchema).min(1).max(MAX_RESPONSE_INPUT_MESSAGES)])

const noToolCalls = "The saved agent runs its own tools: a conversation with client-side tool calls can't be sent to it."

/** One message of the conversation: system or developer (instructions), user, or an earlier assistant answer (text). */
export const chatMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.enum(['system', 'developer']), content: contentSchema, name: safeText().max(64).nullish() }),
  z.object({ role: z.literal('user'), content: contentSchema, name: safeText().max(64).nullish() }),
  z.object({
    role: z.literal('assistant'),
    content: contentSchema.nullish(),
    name: safeText().max(64).nullish(),
    refusal: safeText().max(MAX_RESPONSE_INPUT_LENGTH).nullish(),
    tool_calls: z.array(z.unknown()).max(0, noToolCalls).nullish(),
    function_call: z.null({ error: noToolCalls }).optional(),
  }),
  // Parsed so that it is refused by name (chat-completion-input.ts) rather than as a role zod does not know.
  z.object({ role: z.enum(['tool', 'function']), content: z.unknown().optional() }).loose(),
])
export type ChatMessage = z.infer<typeof chatMessageSchema>

/** `response_format`: `json_schema` is honoured as `/v1/responses` honours `text.format`; `json_object` is parsed to be refused by name. */
export const chatResponseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: responseTextFormatSchema.options[1].omit({ type: true }),
  }),
  z.object({ type: z.literal('json_object') }),
])
export type ChatResponseFormat = z.infer<typeof chatResponseFormatSchema>

const chatCompletionFieldsSchema = z.object({
  /** A model of `/v1/models`: `agent:<name|id>[@version]`, `workflow:<name|id>[@version]`, or a bare name. */
  model: safeText().trim().min(1, 'Name a saved agent or workflow as the model.').max(300),
  messages: z.array(chatMessageSchema).min(1, 'Send at least one message.').max(MAX_RESPONSE_INPUT_MESSAGES),
  stream: z.boolean().nullish(),
  /** `include_usage`: a last chunk, before `[DONE]`, with the usage and no choices. */
  stream_options: z.object({ include_usage: z.boolean().nullish(), include_obfuscation: z.boolean().nullish() }).nullish(),
  response_format: chatResponseFormatSchema.nullish(),
  /** Given back in `metadata`; not stored. */
  metadata: atMostKeys(z.record(safeText().max(64), safeText().max(512)), 16).nullish(),
  user: safeText().max(200).nullish(),
  /** One answer per request. */
  n: z.literal(1, 'Only one choice (n: 1) is answered: the saved agent gives one reply.').nullish(),
  tools: z.array(z.unknown()).max(0, "Client-side tools are not taken: the saved agent's own tools are used.").nullish(),
  tool_choice: z.literal(['none', 'auto'], 'Client-side tools are not taken: tool_choice may only be none or auto.').nullish(),
  logprobs: z.literal(false, 'Log probabilities are not given.').nullish(),
  // Accepted for compatibility and ignored: the saved agent's settings decide these, as for /v1/responses.
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  max_tokens: z.number().int().nullish(),
  max_completion_tokens: z.number().int().nullish(),
  frequency_penalty: z.number().nullish(),
  presence_penalty: z.number().nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  reasoning_effort: safeText().max(20).nullish(),
  verbosity: safeText().max(20).nullish(),
  store: z.boolean().nullish(),
  service_tier: safeText().max(20).nullish(),
  prompt_cache_key: safeText().max(200).nullish(),
  safety_identifier: safeText().max(200).nullish(),
})

/** Anything else may change the answer (functions, logit_bias, stop, seed, audio, prediction, …): refused, each field named as the error's `param`. */
export const createChatCompletionRequestSchema = chatCompletionFieldsSchema.loose().superRefine((request, context) => {
  for (const key of Object.keys(request)) {
    if (!Object.hasOwn(chatCompletionFieldsSchema.shape, key)) {
      context.addIssue({
        code: 'custom',
        path: [key],
        message: 'Not supported by this server: leave it out (the saved agent or workflow decides how it answers).',
      })
    }
  }
})
export type CreateChatCompletionRequest = z.infer<typeof createChatCompletionRequestSchema>

export const chatCompletionUsageSchema = z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() })

/**
 * A `chat.completion`: `id` is `chatcmpl-` and the turn's (or run's) id. `agentloom.tool_calls` lists the tools the
 * saved agent ran itself, which are no client tool calls (`message.tool_calls` asks the client to run one).
 */
export const chatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      /** `length` when the agent's model cut the reply at its token limit (maxTokens in its settings), else `stop`. */
      finish_reason: z.enum(['stop', 'length']),
      logprobs: z.null(),
    }),
  ),
  usage: chatCompletionUsageSchema.nullable(),
  metadata: z.record(z.string(), z.string()),
  agentloom: agentloomResponseExtensionSchema,
})
export type ChatCompletion = z.infer<typeof chatCompletionSchema>

/** One `data:` frame of a streamed completion: a `chat.completion.chunk` (the stream ends with `data: [DONE]`). */
export const chatCompletionChunkSchema = z.looseObject({ id: z.string(), object: z.literal('chat.completion.chunk'), choices: z.array(z.unknown()) })
