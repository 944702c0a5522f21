/**
 * `POST /v1/responses`: the subset of OpenAI's Responses API that drives a saved agent or workflow,
 * so that the `openai` package (and anything else that speaks the Responses API) can call this app.
 * Unlike the rest of the API, its errors are OpenAI's shape `{ error: { message, type, param, code } }`,
 * which that package turns into `BadRequestError`, `AuthenticationError`, `NotFoundError`, ….
 * Browser-safe.
 */
import { z } from 'zod'
import { atMostKeys } from './bounded'
import { safeText } from './safe-text'

export const MAX_RESPONSE_INPUT_LENGTH = 100_000
export const MAX_RESPONSE_INPUT_MESSAGES = 100
const MAX_MODEL_LENGTH = 300
const MAX_INSTRUCTIONS_LENGTH = 20_000

const text = safeText().max(MAX_RESPONSE_INPUT_LENGTH)

/** A content part of an input message: `input_text` (`text` is accepted too). Images and files are not taken. */
const inputTextPartSchema = z.object({ type: z.enum(['input_text', 'text', 'output_text']), text })

/**
 * One Responses input message: `{ role, content }` with text or text parts (`type: 'message'` may be given). An
 * assistant message a client sends back carries the `id` this server gave it (`msg_…`), as the OpenAI Agents SDK
 * sends its history; `status` is accepted and ignored.
 */
export const responseInputMessageSchema = z.object({
  type: z.literal('message').optional(),
  id: safeText().max(100).optional(),
  status: z.enum(['in_progress', 'completed', 'incomplete']).optional(),
  role: z.enum(['user', 'system', 'developer', 'assistant']),
  content: z.union([text, z.array(inputTextPartSchema).min(1).max(MAX_RESPONSE_INPUT_MESSAGES)]),
})
export type ResponseInputMessage = z.infer<typeof responseInputMessageSchema>

/** An earlier response's output item by its id (`msg_…`), as the AI SDK sends the assistant's side of a stored conversation. */
export const responseItemReferenceSchema = z.object({ type: z.literal('item_reference'), id: safeText().max(100) })
export type ResponseItemReference = z.infer<typeof responseItemReferenceSchema>

export const responseInputItemSchema = z.union([responseItemReferenceSchema, responseInputMessageSchema])
export type ResponseInputItem = z.infer<typeof responseInputItemSchema>

/** `text.format` of a request: the reply's format (json_object is parsed so that it can be refused by name). */
export const responseTextFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({
    type: z.literal('json_schema'),
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use 1 to 64 letters, digits, "_" and "-".'),
    schema: atMostKeys(z.record(safeText().max(200), z.unknown()), 200),
    description: safeText().max(2_000).nullish(),
    strict: z.boolean().nullish(),
  }),
  z.object({ type: z.literal('json_object') }),
])
export type ResponseTextFormat = z.infer<typeof responseTextFormatSchema>

const responseTextSchema = z.object({ format: responseTextFormatSchema.nullish(), verbosity: z.enum(['low', 'medium', 'high']).nullish() })

export const createResponseRequestSchema = z
  .object({
    /**
     * What answers: `agent:<name|id>[@version]`, `workflow:<name|id>[@version]`, or a bare `<name|id>[@version]`
     * (a saved agent first, then a workflow). Without `@version`, the latest version.
     */
    model: safeText().trim().min(1, 'Name a saved agent or workflow as the model.').max(MAX_MODEL_LENGTH),
    input: z.union([text.min(1, 'The input is empty.'), z.array(responseInputItemSchema).min(1).max(MAX_RESPONSE_INPUT_MESSAGES)]),
    /** Agents: appended to the agent's own instructions for this turn. Workflows: not taken. */
    instructions: safeText().max(MAX_INSTRUCTIONS_LENGTH).nullish(),
    stream: z.boolean().nullish(),
    /** Continue the conversation of an earlier response (`resp_…`). */
    previous_response_id: safeText().max(100).nullish(),
    /** Continue a stored conversation by its id (or `{ id }`). */
    conversation: z.union([safeText().max(100), z.object({ id: safeText().max(100) })]).nullish(),
    /** Given back as sent; not stored. */
    metadata: atMostKeys(z.record(safeText().max(64), safeText().max(512)), 16).nullish(),
    /** Tools the client would run itself are not taken (the saved agent's own tools are used): only an empty list. */
    tools: z.array(z.unknown()).max(0, "Client-side tools are not taken: the saved agent's own tools are used.").nullish(),
    /**
     * `format`: `{ type: 'json_schema', name, schema }` has an agent answer with JSON matching the schema (its
     * `output_text` is the JSON), for this turn alone; `text` is the default; `json_object` is refused (400), as
     * is a format for a workflow. `verbosity` is accepted and ignored.
     */
    text: responseTextSchema.nullish(),
    /** false: an agent answers in the server's process and nothing is stored (no run, conversation or events); default true. */
    store: z.boolean().nullish(),
    // Accepted for compatibility and ignored: the saved agent's settings decide these. Other fields are refused,
    // so that a misspelt one is not silently dropped.
    temperature: z.number().nullish(),
    top_p: z.number().nullish(),
    max_output_tokens: z.number().int().nullish(),
    parallel_tool_calls: z.boolean().nullish(),
    tool_choice: z.unknown().optional(),
    reasoning: z.unknown().optional(),
    include: z.array(safeText().max(200)).max(20).nullish(),
    truncation: safeText().max(20).nullish(),
    service_tier: safeText().max(20).nullish(),
    prompt_cache_key: safeText().max(200).nullish(),
    safety_identifier: safeText().max(200).nullish(),
    user: safeText().max(200).nullish(),
  })
  .strict()
export type CreateResponseRequest = z.infer<typeof createResponseRequestSchema>

export const responseUsageSchema = z.object({ input_tokens: z.number(), output_tokens: z.number(), total_tokens: z.number() })

const outputTextSchema = z.object({ type: z.literal('output_text'), text: z.string(), annotations: z.array(z.unknown()) })

/**
 * The output items: only what the client reads as the model's answer, the assistant's message. Tools the saved agent
 * ran itself are not `function_call` items (those are calls the client is to run: OpenAI's Agents SDK looks the name
 * up among its own tools and fails, and `function_call_output` is no output item at all, which the AI SDK's parser
 * refuses); they are listed in `agentloom.tool_calls` instead.
 */
export const responseOutputItemSchema = z.object({
  type: z.literal('message'),
  id: z.string(),
  status: z.enum(['in_progress', 'completed', 'incomplete']),
  role: z.literal('assistant'),
  content: z.array(outputTextSchema),
})
export type ResponseOutputItem = z.infer<typeof responseOutputItemSchema>

/** A tool the saved agent ran itself during the response (a function tool, an MCP server's tool, a skill's or file tool). */
export const serverToolCallSchema = z.object({
  /** `tc_` and the call id. */
  id: z.string(),
  call_id: z.string(),
  name: z.string(),
  /** The arguments as JSON text, as a `function_call` item has them. */
  arguments: z.string(),
  /** What it returned (text, or JSON text); null until it returned, or when it failed. */
  output: z.string().nullable(),
  error: z.string().nullable(),
  /** `in_progress`: not returned yet (it runs, or waits for an approval in the app). */
  status: z.enum(['in_progress', 'completed', 'failed']),
})
export type ServerToolCall = z.infer<typeof serverToolCallSchema>

/**
 * Agentloom's extension of the response object, beside OpenAI's fields (clients that do not know it ignore it):
 * `tool_calls`, the tools the agent ran on the server, in the order it called them. A stream sends it in every
 * response it carries, and sends `response.in_progress` again, with the response so far, each time a tool returns.
 */
export const agentloomResponseExtensionSchema = z.object({ tool_calls: z.array(serverToolCallSchema) })

export const responseStatusSchema = z.enum(['in_progress', 'completed', 'failed', 'incomplete'])
export type ResponseStatus = z.infer<typeof responseStatusSchema>

/** A Responses `response` object: `id` is `resp_` and the run's id (its turn or workflow run in the app). */
export const responseObjectSchema = z.object({
  id: z.string(),
  object: z.literal('response'),
  created_at: z.number(),
  status: responseStatusSchema,
  model: z.string(),
  output: z.array(responseOutputItemSchema),
  output_text: z.string(),
  usage: responseUsageSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Set when `status` is `incomplete`: `reason` says what it waits for (an approval to answer in the app), or `max_output_tokens` for a reply cut at the agent's token limit. */
  incomplete_details: z.object({ reason: z.string() }).nullable(),
  instructions: z.string().nullable(),
  previous_response_id: z.string().nullable(),
  /** The stored conversation an agent's turn belongs to (`/api/conversations/{id}`); null for a workflow. */
  conversation: z.object({ id: z.string() }).nullable(),
  metadata: z.record(z.string(), z.string()),
  parallel_tool_calls: z.boolean(),
  tool_choice: z.string(),
  tools: z.array(z.unknown()),
  agentloom: agentloomResponseExtensionSchema,
})
export type ResponseObject = z.infer<typeof responseObjectSchema>

/** One server-sent event of a streamed response (`data:` of each frame; `event:` repeats `type`). */
export const responseStreamEventSchema = z.looseObject({ type: z.string(), sequence_number: z.number().int() })

/** OpenAI's error shape, which this endpoint alone answers with. */
export const openAiErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
})
export type OpenAiError = z.infer<typeof openAiErrorSchema>

/** `GET /v1/responses/{id}`: a response id as this endpoint makes them (`resp_` and 32 hex digits); anything else is a 404. */
export const responseIdParamsSchema = z.object({ id: z.string().regex(/^resp_[0-9a-f]{32}$/, 'Not a response id.') })

/**
 * One model of `GET /v1/models`: a saved agent or workflow the caller may run. `id` is what to send as `model`
 * (`agent:<name>`, or `agent:<id>` where the name would not name this one alone); `agentloom` says which it is.
 */
export const openAiModelSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  /** When it was created, in seconds. */
  created: z.number().int(),
  /** The workspace it belongs to (its name). */
  owned_by: z.string(),
  agentloom: z.object({ kind: z.enum(['agent', 'workflow']), id: z.string(), name: z.string() }),
})
export type OpenAiModel = z.infer<typeof openAiModelSchema>

export const modelListSchema = z.object({ object: z.literal('list'), data: z.array(openAiModelSchema) })
export type ModelList = z.infer<typeof modelListSchema>
