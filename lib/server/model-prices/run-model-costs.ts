/**
 * A run's usage per provider and model, from its `agent_response` events: each names the model that answered (as the
 * provider reported it) and its usage, so a run whose agents use several models is priced exactly. An answer that
 * names no model (stored before they did, or a provider that does not say) is priced by `fallbackModel`.
 */
import type { ModelCost, ModelPrice } from '@/lib/contracts/model-prices'
import { costOf, type UsageCounts } from '@/lib/contracts/model-cost'
import { resolvedModel, type ModelEnv } from './run-model'

interface AnswerEvent {
  executorId?: unknown
  modelId?: unknown
  usage?: UsageCounts | null
}

/** The provider setting of each inline agent node, by node id (what `executorId` names). */
function providersByNode(graph: unknown, env: ModelEnv): Map<string, string> {
  const providers = new Map<string, string>()
  const nodes = (graph as { nodes?: unknown } | null)?.nodes
  if (!Array.isArray(nodes)) return providers
  for (const node of nodes as { id?: unknown; kind?: unknown; data?: { model?: { provider?: unknown } } }[]) {
    if (node.kind !== 'agent' || typeof node.id !== 'string') continue
    const provider = typeof node.data?.model?.provider === 'string' ? node.data.model.provider : 'default'
    providers.set(node.id, provider === 'default' ? (resolvedModel({ provider }, env) === 'demo' ? 'demo' : 'openai') : provider)
  }
  return providers
}

export function modelCosts(
  answers: readonly AnswerEvent[],
  graph: unknown,
  fallbackModel: string | null,
  prices: readonly ModelPrice[],
  env: ModelEnv,
): ModelCost[] {
  const providers = providersByNode(graph, env)
  const rows = new Map<string, ModelCost>()
  for (const answer of answers) {
    const usage = answer.usage
    if (!usage) continue
    const model = typeof answer.modelId === 'string' && answer.modelId ? answer.modelId : (fallbackModel ?? 'unknown')
    const provider = typeof answer.executorId === 'string' ? (providers.get(answer.executorId) ?? null) : null
    const key = JSON.stringify([provider, model])
    const row = rows.get(key) ?? { provider, model, inputTokens: 0, outputTokens: 0, costUsd: 0 }
    row.inputTokens += usage.inputTokenCount ?? 0
    row.outputTokens += usage.outputTokenCount ?? 0
    rows.set(key, row)
  }
  return [...rows.values()].map((row) => ({
    ...row,
    costUsd: costOf({ inputTokenCount: row.inputTokens, outputTokenCount: row.outputTokens }, row.model === 'unknown' ? null : row.model, prices),
  }))
}
