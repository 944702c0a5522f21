/**
 * The `data` of every node kind the canvas can place, as zod schemas.
 * Each schema fills defaults so that a document saved by an older canvas (or typed by hand)
 * parses into a complete object; the inferred output types are what compile() and the editor use.
 */
import { z } from 'zod'

export const NODE_KINDS = [
  'start',
  'agent',
  'agent_ref',
  'condition',
  'fan_out',
  'fan_in',
  'transform',
  'human_input',
  'output',
  'sub_workflow',
  'sequential',
  'concurrent',
  'group_chat',
  'magentic',
  'handoff',
] as const

export type NodeKind = (typeof NODE_KINDS)[number]

export const ORCHESTRATION_KINDS = ['sequential', 'concurrent', 'group_chat', 'magentic', 'handoff'] as const
export type OrchestrationKind = (typeof ORCHESTRATION_KINDS)[number]

export function isOrchestrationKind(kind: NodeKind): kind is OrchestrationKind {
  return (ORCHESTRATION_KINDS as readonly string[]).includes(kind)
}

/** An optional display title; nodes without one show their kind's label. */
const label = z.string().max(200).optional()

/**
 * Which API answers: 'default' lets the server pick (OpenAI Responses when a key is configured, the
 * demo model otherwise); 'openai' is the Responses API, 'openai_chat' the Chat Completions API (what
 * most OpenAI-compatible servers speak).
 */
export const ModelProviderSchema = z.enum(['default', 'demo', 'openai', 'openai_chat'])
export type ModelProvider = z.infer<typeof ModelProviderSchema>

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
   * Any OpenAI-compatible server for 'openai' / 'openai_chat'. The server's own OPENAI_API_KEY is
   * never sent to a URL chosen here: such a server gets the saved agent's own key, or none.
   */
  baseUrl: optionalHttpUrl.optional(),
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

const agentSettingsShape = {
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

export const StartDataSchema = z.object({
  label,
  /** Shown to the person starting a run: what the input should be. */
  inputDescription: z.string().max(2_000).default(''),
})

export const AgentDataSchema = z.object({ label, ...agentSettingsShape })

/** An agent saved on the Agents page, by id: pinned to a version, or the latest when a run starts. */
export const AgentRefDataSchema = z.object({
  label,
  /** Empty until the person picks an agent; validate() reports that as an error. */
  agentId: z.string().max(200).default(''),
  /** Absent means the latest version when the run starts. */
  version: z.number().int().positive().optional(),
})

export const ConditionCaseSchema = z.object({
  /** Also the id of the node's output handle for this case. */
  id: z.string().min(1).max(100),
  label: z.string().max(200).optional(),
  /** CEL over `input`, must evaluate to a bool. */
  expression: z.string().max(4_000),
})
export type ConditionCase = z.infer<typeof ConditionCaseSchema>

/** The handle every condition node has for messages no case matched. */
export const DEFAULT_CASE_HANDLE = 'default'

export const ConditionDataSchema = z.object({
  label,
  cases: z
    .array(ConditionCaseSchema)
    .min(1)
    .default([{ id: 'case-1', expression: 'true' }]),
})

export const FanOutDataSchema = z.object({ label })

export const FanInDataSchema = z.object({
  label,
  /** 'text' joins the received messages' text with `separator`; 'list' passes the array on. */
  join: z.enum(['text', 'list']).default('text'),
  separator: z.string().max(100).default('\n\n'),
})

export const TransformDataSchema = z.object({
  label,
  /** CEL over `input`; its value becomes the next message. */
  expression: z.string().max(4_000).default('input'),
})

export const HumanInputDataSchema = z.object({
  label,
  prompt: z.string().max(4_000).default(''),
})

export const OutputDataSchema = z.object({ label })

export const SubWorkflowDataSchema = z.object({
  label,
  /** Empty until the person picks a workflow; validate() reports that as an error. */
  workflowId: z.string().max(200).default(''),
  /** Absent means the latest version at compile time. */
  version: z.number().int().positive().optional(),
})

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

const participants = z.array(ParticipantSchema).default([])

export const SequentialDataSchema = z.object({
  label,
  participants,
  /** Pass only the agents' replies down the chain, not the whole conversation. */
  chainOnlyAgentResponses: z.boolean().default(false),
})

export const ConcurrentDataSchema = z.object({
  label,
  participants,
  /** How the participants' replies are combined into the node's message. */
  aggregation: z.enum(['text', 'list']).default('text'),
})

export const GroupChatDataSchema = z.object({
  label,
  participants,
  /** 'round_robin' takes turns in participant order; 'orchestrator' lets an agent pick the next speaker. */
  selection: z.enum(['round_robin', 'orchestrator']).default('round_robin'),
  orchestrator: AgentSettingsSchema.optional(),
  maxRounds: z.number().int().positive().max(100).default(6),
})

export const MagenticDataSchema = z.object({
  label,
  participants,
  manager: AgentSettingsSchema.default(() => AgentSettingsSchema.parse({ name: 'Manager' })),
  maxStallCount: z.number().int().nonnegative().default(3),
  maxResetCount: z.number().int().nonnegative().optional(),
  maxRoundCount: z.number().int().positive().optional(),
  enablePlanReview: z.boolean().default(false),
})

export const HandoffRuleSchema = z.object({
  from: z.string().min(1),
  to: z.array(z.string().min(1)).min(1),
})

export const HandoffDataSchema = z.object({
  label,
  participants,
  /** The participant that receives the input first; the first participant when absent. */
  startParticipantId: z.string().optional(),
  /** Empty means every participant may hand off to every other one (mesh). */
  handoffs: z.array(HandoffRuleSchema).default([]),
  autonomous: z.boolean().default(false),
  autonomousTurnLimit: z.number().int().positive().max(500).default(50),
})

/** The data schema of each kind; the canvas registry and the document schema are built from this map. */
export const NODE_DATA_SCHEMAS = {
  start: StartDataSchema,
  agent: AgentDataSchema,
  agent_ref: AgentRefDataSchema,
  condition: ConditionDataSchema,
  fan_out: FanOutDataSchema,
  fan_in: FanInDataSchema,
  transform: TransformDataSchema,
  human_input: HumanInputDataSchema,
  output: OutputDataSchema,
  sub_workflow: SubWorkflowDataSchema,
  sequential: SequentialDataSchema,
  concurrent: ConcurrentDataSchema,
  group_chat: GroupChatDataSchema,
  magentic: MagenticDataSchema,
  handoff: HandoffDataSchema,
} as const satisfies Record<NodeKind, z.ZodType>

export type NodeDataByKind = { [K in NodeKind]: z.output<(typeof NODE_DATA_SCHEMAS)[K]> }
export type NodeData<K extends NodeKind = NodeKind> = NodeDataByKind[K]

/** Default data for a freshly placed node of `kind` (every default filled in). */
export function defaultNodeData<K extends NodeKind>(kind: K): NodeData<K> {
  return NODE_DATA_SCHEMAS[kind].parse({}) as NodeData<K>
}
