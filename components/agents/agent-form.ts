/**
 * The Agents page's form state: the draft definition's problems as the inspector's fields show
 * them (schema problems under their field, by data path), and the ones that belong to no field.
 */
import { AgentSettingsSchema, type AgentSettings } from '@/lib/graph/node-data'
import type { GraphProblem } from '@/lib/graph/problems'
import { agentSettingsErrors } from '@/lib/graph/validate-nodes'

/** The inspector's field problems are keyed by a node's data path; the form edits one agent's data. */
const FORM_NODE_PATH = ['nodes', 0, 'data'] as const

export interface DraftCheck {
  /** The draft parsed with its defaults, when it parses. */
  definition?: AgentSettings
  /** Problems with a field (shown under it). */
  fieldProblems: GraphProblem[]
  /** Problems of the settings as a whole (shown above Save). */
  otherProblems: GraphProblem[]
}

export function checkDraft(draft: unknown): DraftCheck {
  const parsed = AgentSettingsSchema.safeParse(draft)
  if (!parsed.success) {
    const fieldProblems = parsed.error.issues.map((issue): GraphProblem => ({
      severity: 'error',
      code: 'invalid_schema',
      message: issue.message,
      path: [...FORM_NODE_PATH, ...issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment))],
    }))
    return { fieldProblems, otherProblems: [] }
  }
  const otherProblems = agentSettingsErrors(parsed.data, 'This agent').filter((problem) => problem.severity === 'error')
  return { definition: parsed.data, fieldProblems: [], otherProblems }
}

/** Settings that are allowed but cannot apply as set: said beside Save, so nobody relies on them. */
export function settingNotes(draft: unknown): string[] {
  const parsed = AgentSettingsSchema.safeParse(draft)
  if (!parsed.success || !parsed.data.keepConversationOnService) return []
  const { provider } = parsed.data.model
  if (provider === 'openai_chat' || provider === 'azure_openai' || provider === 'ollama') {
    return ['Keeping the conversation on the service needs the Responses API: with Chat Completions the whole history is sent every turn.']
  }
  if (provider === 'anthropic' || provider === 'gemini') {
    return ['Keeping the conversation on the service needs the OpenAI Responses API: this provider is sent the whole history every turn.']
  }
  if (provider === 'demo') return ['The demo model keeps no conversation: the whole history is sent every turn.']
  return []
}
