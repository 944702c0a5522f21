/**
 * The settings every agent in a document has — an agent node's, an orchestration participant's, a
 * manager's, a saved agent's — and the small schemas node kinds share. Each schema fills defaults so
 * that a document saved by an older canvas (or typed by hand) parses into a complete object.
 */
import { z } from 'zod'

/** An optional display title; nodes without one show their kind's label. */
export const nodeLabel = z.string().max(200).optional()

/**
 * Which API answers: 'default' lets the server pick (OpenAI Responses when a key is configured, the
 * demo model otherwise); 'openai' is the Responses API, 'openai_chat' the Chat Completions API (what
 * most OpenAI-compatible servers speak); 'anthropic' Anthropic's Messages API; 'gemini' Google's Gemini
 * API; 'ollama' an Ollama server (its OpenAI-compatible API; default http://localhost:11434/v1);
 * 'azure_openai' an Azure OpenAI resource (its Chat Completions API, at the endpoint and API version of the
 * agent's credential or the server's AZURE_OPENAI_* settings), where the model names the deployment.
 */
export const ModelProviderSchema = z.enum(['default', 'demo', 'openai', 'openai_chat', 'azure_openai', 'anthropic', 'gemini', 'ollama'])
export type ModelProvider = z.infer<typeof ModelProviderSchema>

/** What an Azure OpenAI credential (or server) that names no API version asks for: the newest generally available one. */
export const DEFAULT_AZURE_OPENAI_API_VERSION = '2024-10-21'

export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const
export const ReasoningEffortSchema = z.enum(REASONING_EFFORTS)
export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>

/** An http(s) URL, or '' (what a cleared text field holds) for none. */
const optionalHttpUrl = z.union([
  z.literal(''),
  z
    .string()
    .max(2_000)
    .url('Give a full URL, e.g. http://127.0.0.1:11434/v1')
    .refine((url) => /^https?:\/\//i.test(url), 'The URL must start with http:// or https://'),
])

export const ModelSettingsSchema = z.object({
  provider: ModelProviderSchema.default('default'),
  model: z.string().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().optional(),
  /** Sent to reasoning models (Responses: `reasoning.effort`; Chat Completions: `reasoning_effort`). */
  reasoningEffort: ReasoningEffortSchema.optional(),
  /**
   * Another address for the provider's API: any OpenAI-compatible server for 'openai' / 'openai_chat',
   * an Anthropic- or Gemini-compatible endpoint (a gateway), an Ollama server. The server's own keys
   * are never sent to a URL chosen here: such a server gets the saved agent's own key, or none.
   */
  baseUrl: optionalHttpUrl.optional(),
  /**
   * A credential of the workspace (its id; issue #32): the run uses its key and its base URL, before a saved agent's
   * own key and the server's. Its key goes only to its own base URL: a different `baseUrl` here fails the run.
   */
  credentialId: z.string().min(1).max(200).optional(),
})
export type ModelSettings = z.infer<typeof ModelSettingsSchema>

/** 'default' keeps each tool's own approval mode; the other two override it for every tool of the agent. */
export const ToolApprovalModeSchema = z.enum(['default', 'always_require', 'never_require'])
export type ToolApprovalMode = z.infer<typeof ToolApprovalModeSchema>

export const STRUCTURED_FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'string_list'] as const

/** One field of a structured reply built in the small form editor. */
export const StructuredFieldSchema = z.object({
  name: z
    .string()
    .min(1, 'A field needs a name.')
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and "_" (not first a digit).'),
  type: z.enum(STRUCTURED_FIELD_TYPES).default('string'),
  required: z.boolean().default(true),
  description: z.string().max(1_000).default(''),
})
export type StructuredField = z.infer<typeof StructuredFieldSchema>

/**
 * The reply's shape: none (text), a JSON Schema written by hand (as text, so a half-typed schema
 * can be kept in the editor; validate() reports it), or fields from the form editor. A reply that
 * does not match is the run's error.
 */
export const StructuredOutputSchema = z.object({
  mode: z.enum(['none', 'json_schema', 'fields']).default('none'),
  /** The format's name the model sees. */
  name: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, digits, "_" and "-".')
    .default('response'),
  schema: z.string().max(50_000).default(''),
  fields: z.array(StructuredFieldSchema).max(100).default([]),
})
export type StructuredOutput = z.infer<typeof StructuredOutputSchema>

/**
 * A folder under one of the roots the admin allows (AGENTLOOM_FILE_ROOTS), given to the agent
 * through lib/core's FileAccessProvider. Reads need no approval; writes and deletes ask unless relaxed here.
 */
export const FileAccessSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** One of the allowed roots, exactly as the admin listed it. */
  root: z.string().max(4_000).default(''),
  /** A folder inside the root, relative, with forward slashes ('' for the root itself). */
  folder: z.string().max(1_000).default(''),
  /** 'approve': writes and deletes wait for a person; 'read_only': no write tools; 'no_approval': written freely. */
  writes: z.enum(['approve', 'read_only', 'no_approval']).default('approve'),
})
export type FileAccessSettings = z.infer<typeof FileAccessSettingsSchema>

/** What of a long conversation is sent to the model (lib/core HistoryWindow); stored history is kept whole. */
export const HistoryWindowSettingsSchema = z.object({
  maxMessages: z.number().int().positive().max(100_000).optional(),
  maxTokens: z.number().int().positive().max(10_000_000).optional(),
})

const toolName = z.string().min(1).max(200)

export const agentSettingsShape = {
  name: z.string().max(200).default(''),
  instructions: z.string().max(20_000).default(''),
  model: ModelSettingsSchema.default({ provider: 'default' }),
  mcpServerIds: z.array(z.string().min(1)).default([]),
  /** The tools chosen per MCP server (by the server's tool names); a server without an entry offers all its tools. */
  mcpTools: z.record(z.string().min(1), z.array(toolName)).default({}),
  /** Names looked up in the function-tool registry at compile time. */
  functionTools: z.array(z.string().min(1)).default([]),
  skillIds: z.array(z.string().min(1)).default([]),
  toolApprovalMode: ToolApprovalModeSchema.default('default'),
  /** Per tool (by the name the model sees), overriding toolApprovalMode for that tool. */
  toolApprovals: z.record(toolName, z.enum(['always_require', 'never_require'])).default({}),
  structuredOutput: StructuredOutputSchema.default({ mode: 'none', name: 'response', schema: '', fields: [] }),
  fileAccess: FileAccessSettingsSchema.default({ enabled: false, root: '', folder: '', writes: 'approve' }),
  /** For conversations: the part of the history sent each turn. */
  historyWindow: HistoryWindowSettingsSchema.default({}),
  /** For conversations on the Responses API: the service keeps the conversation (`store` + `previous_response_id`). */
  keepConversationOnService: z.boolean().default(false),
}

export const AgentSettingsSchema = z.object(agentSettingsShape)
export type AgentSettings = z.infer<typeof AgentSettingsSchema>

export const ParticipantSchema = z.object({
  /** Also names the participant's handoff tool (`handoff_to_<id>`), hence the restricted characters. */
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, digits, "_" and "-"'),
  ...agentSettingsShape,
})
export type Participant = z.infer<typeof ParticipantSchema>

/** An orchestration's participants (none until the person adds them). */
export const participantsSchema = z.array(ParticipantSchema).default([])
