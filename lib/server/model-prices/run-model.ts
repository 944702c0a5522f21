/**
 * The model a run's usage is priced by: what its agents' model settings resolve to, the way the compiler picks a
 * client (lib/graph/compile/chat-client-for.ts): `demo` is the demo model; otherwise the settings' model, else the
 * server's OPENAI_MODEL, else the OpenAI client's default; `default` without OPENAI_API_KEY is the demo model. A run
 * whose agents resolve to several models (or none can be read) has no single model: its cost is unknown.
 */

/** lib/core's DEFAULT_OPENAI_MODEL (clients/openai/connection.ts), which the server's OpenAI clients use when nothing names one. */
const OPENAI_CLIENT_DEFAULT_MODEL = 'gpt-4o-mini'

export interface ModelEnv {
  OPENAI_API_KEY?: string
  OPENAI_MODEL?: string
}

/** Node kinds that call no model. */
const MODEL_FREE_KINDS = new Set(['start', 'output', 'transform', 'condition', 'fan_out', 'fan_in', 'human_input'])

type ModelSettingsLike = { provider?: unknown; model?: unknown }

/** OpenAI's providers: the server's OPENAI_MODEL and the OpenAI client's default apply to them only. */
const OPENAI_PROVIDERS = new Set(['default', 'openai', 'openai_chat'])

/** The model id the settings run on; null for another provider that names none (its client's default is not known here). */
export function resolvedModel(settings: ModelSettingsLike | undefined, env: ModelEnv): string | null {
  const provider = typeof settings?.provider === 'string' ? settings.provider : 'default'
  if (provider === 'demo') return 'demo'
  const named = typeof settings?.model === 'string' && settings.model.trim() !== '' ? settings.model.trim() : undefined
  if (provider === 'default' && !env.OPENAI_API_KEY?.trim()) return 'demo'
  if (!OPENAI_PROVIDERS.has(provider)) return named ?? null
  return named ?? (env.OPENAI_MODEL?.trim() || OPENAI_CLIENT_DEFAULT_MODEL)
}

/** The model settings of a workflow document's inline agents (kind `agent`); agents referenced by id are not read here. */
export function agentModelSettings(graph: unknown): { settings: ModelSettingsLike[]; complete: boolean } {
  const nodes = (graph as { nodes?: unknown } | null)?.nodes
  if (!Array.isArray(nodes)) return { settings: [], complete: false }
  const settings: ModelSettingsLike[] = []
  let complete = true
  for (const node of nodes as { kind?: unknown; data?: { model?: ModelSettingsLike } }[]) {
    if (node.kind === 'agent') settings.push(node.data?.model ?? {})
    // Saved agents, sub-workflows and orchestrations bring models this document does not name.
    else if (!MODEL_FREE_KINDS.has(String(node.kind))) complete = false
  }
  return { settings, complete }
}

/** The one model every agent of the run uses, or null. */
export function singleModel(settings: readonly ModelSettingsLike[], complete: boolean, env: ModelEnv): string | null {
  if (!complete || settings.length === 0) return null
  const models = new Set(settings.map((one) => resolvedModel(one, env)))
  return models.size === 1 ? [...models][0]! : null
}
