/**
 * A workspace's model price table (issue #31, cost in currency), and what a run cost by it. Members read the table
 * (viewer); owners change it. A workspace that never saved one uses the built-in defaults; saving an empty table goes
 * back to them. Costs are computed when asked, from the run's stored usage and the model its agents resolve to
 * (run-model.ts): a changed price re-prices past runs too, as a price table is a view, not a bill.
 */
import { DEFAULT_MODEL_PRICES, modelPriceSchema, type ModelPrice, type ModelPricesResponse, type RunCostResponse } from '@/lib/contracts/model-prices'
import { costOf, type UsageCounts } from '@/lib/contracts/model-cost'
import { z } from 'zod'
import { canSee, requireRole, visibleTo, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { notFound } from '../domain-errors'
import { agentModelSettings, singleModel, type ModelEnv } from './run-model'
import { modelCosts } from './run-model-costs'

const storedPrices = z.array(modelPriceSchema)

export class ModelPriceService {
  constructor(
    private readonly prisma: Prisma,
    /** The environment as it is when asked (the service is made once per app: services.ts). */
    private readonly env: ModelEnv = process.env as ModelEnv,
  ) {}

  async get(principal: Principal, workspaceId: string): Promise<ModelPricesResponse> {
    await this.requireWorkspace(principal, workspaceId)
    return this.present(workspaceId)
  }

  async replace(principal: Principal, workspaceId: string, prices: readonly ModelPrice[]): Promise<ModelPricesResponse> {
    await this.requireWorkspace(principal, workspaceId)
    requireRole(principal, workspaceId, 'owner')
    if (prices.length === 0) await this.prisma.workspaceModelPrices.deleteMany({ where: { workspaceId } })
    else
      await this.prisma.workspaceModelPrices.upsert({
        where: { workspaceId },
        create: { workspaceId, prices: [...prices] },
        update: { prices: [...prices] },
      })
    return this.present(workspaceId)
  }

  /** The prices in force in a workspace (the defaults for none, or when it saved none). */
  async tableFor(workspaceId: string | null): Promise<readonly ModelPrice[]> {
    if (workspaceId === null) return DEFAULT_MODEL_PRICES
    const row = await this.prisma.workspaceModelPrices.findUnique({ where: { workspaceId }, select: { prices: true } })
    const parsed = row ? storedPrices.safeParse(row.prices) : undefined
    return parsed?.success ? parsed.data : DEFAULT_MODEL_PRICES
  }

  /** The model a workflow version's runs are priced by (null: several, or not all named in the document). */
  modelOfGraph(graph: unknown): string | null {
    const { settings, complete } = agentModelSettings(graph)
    return singleModel(settings, complete, this.env)
  }

  /** The model of a saved agent's version (a conversation turn). */
  modelOfAgentDefinition(definition: unknown): string | null {
    const model = (definition as { model?: { provider?: unknown; model?: unknown } } | null)?.model
    return singleModel([model ?? {}], true, this.env)
  }

  /** What a run the person can see cost; the same 404 as a missing run otherwise. */
  async runCost(principal: Principal, runId: string): Promise<RunCostResponse> {
    const run = await this.prisma.run.findFirst({
      where: { id: runId, ...visibleTo(principal) },
      select: { usage: true, workspaceId: true, version: { select: { graph: true } }, agentVersion: { select: { definition: true } } },
    })
    if (!run) throw notFound('Run', runId)
    const configured = run.version ? this.modelOfGraph(run.version.graph) : run.agentVersion ? this.modelOfAgentDefinition(run.agentVersion.definition) : null
    const usage = (run.usage ?? null) as UsageCounts | null
    const prices = await this.tableFor(run.workspaceId)
    // The answers name the model that gave them (issue #32): priced per model, exactly, when they all do.
    const answers = await this.prisma.runEvent.findMany({ where: { runId, type: 'agent_response' }, select: { data: true }, orderBy: { sequence: 'asc' } })
    const byModel = modelCosts(
      answers.map((answer) => answer.data as object),
      run.version?.graph ?? null,
      configured,
      prices,
      this.env,
    )
    const model = byModel.length === 1 ? byModel[0]!.model : byModel.length === 0 ? configured : null
    const priced = byModel.length > 0 && byModel.every((row) => row.costUsd !== null)
    return {
      runId,
      model,
      inputTokens: usage?.inputTokenCount ?? 0,
      outputTokens: usage?.outputTokenCount ?? 0,
      costUsd: priced ? byModel.reduce((sum, row) => sum + row.costUsd!, 0) : costOf(usage, model, prices),
      byModel,
    }
  }

  private async present(workspaceId: string): Promise<ModelPricesResponse> {
    const row = await this.prisma.workspaceModelPrices.findUnique({ where: { workspaceId } })
    const parsed = row ? storedPrices.safeParse(row.prices) : undefined
    return parsed?.success
      ? { workspaceId, source: 'workspace', prices: parsed.data, updatedAt: row!.updatedAt.toISOString() }
      : { workspaceId, source: 'default', prices: [...DEFAULT_MODEL_PRICES], updatedAt: null }
  }

  private async requireWorkspace(principal: Principal, workspaceId: string): Promise<void> {
    const found = canSee(principal, workspaceId) ? await this.prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } }) : null
    if (!found) throw notFound('Workspace', workspaceId)
  }
}
