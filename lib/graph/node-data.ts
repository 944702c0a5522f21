/**
 * The `data` of every node kind the canvas can place, as zod schemas.
 * Each schema fills defaults so that a document saved by an older canvas (or typed by hand)
 * parses into a complete object; the inferred output types are what compile() and the editor use.
 */
import { z } from 'zod'

export const NODE_KINDS = [
  'start',
  'agent',
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

export const ModelProviderSchema = z.enum(['default', 'demo', 'openai'])
export type ModelProvider = z.infer<typeof ModelProviderSchema>

export const ModelSettingsSchema = z.object({
  /** 'default' lets the server pick (OpenAI when a key is configured, the demo model otherwise). */
  provider: ModelProviderSchema.default('default'),
  model: z.string().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().optional(),
})
export type ModelSettings = z.infer<typeof ModelSettingsSchema>

/** 'default' keeps each tool's own approval mode; the other two override it for every tool of the agent. */
export const ToolApprovalModeSchema = z.enum(['default', 'always_require', 'never_require'])
export type ToolApprovalMode = z.infer<typeof ToolApprovalModeSchema>

const agentSettingsShape = {
  name: z.string().max(200).default(''),
  instructions: z.string().max(20_000).default(''),
  model: ModelSettingsSchema.default({ provider: 'default' }),
  mcpServerIds: z.array(z.string().min(1)).default([]),
  /** Names looked up in the function-tool registry at compile time. */
  functionTools: z.array(z.string().min(1)).default([]),
  skillIds: z.array(z.string().min(1)).default([]),
  toolApprovalMode: ToolApprovalModeSchema.default('default'),
}

export const AgentSettingsSchema = z.object(agentSettingsShape)
export type AgentSettings = z.infer<typeof AgentSettingsSchema>

export const StartDataSchema = z.object({
  label,
  /** Shown to the person starting a run: what the input should be. */
  inputDescription: z.string().max(2_000).default(''),
})

export const AgentDataSchema = z.object({ label, ...agentSettingsShape })

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
  manager: AgentSettingsSchema.default({
    name: 'Manager',
    instructions: '',
    model: { provider: 'default' },
    mcpServerIds: [],
    functionTools: [],
    skillIds: [],
    toolApprovalMode: 'default',
  }),
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
