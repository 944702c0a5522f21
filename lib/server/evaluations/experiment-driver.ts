/**
 * What moves an experiment on, one step at a time: score the rows whose runs have ended, start pending rows up to
 * the experiment's concurrency, and mark it finished when every row is scored.
 *
 * Why a step over stored state (and not a loop in memory): an experiment outlives any process. Its plan is the
 * ExperimentRow table (one row per dataset row × trial, with the run it started) and its progress is the runs'
 * own status, both in Postgres; a step reads them, does what is due and writes down what it did, so a step after
 * a restart — on any worker — carries on where the last one stopped. Steps are graphile jobs keyed per experiment,
 * run one at a time under the experiment's step lock (experiment-step-queue.ts): one is queued when the experiment is
 * created, and one whenever a row's run ends, in the statement that ends it — so a row is scored, and the next row
 * started, as soon as a run ends; a step that leaves work also queues a slow safety step (experiment-jobs.ts). Writes
 * are conditional on the row's state (`status = 'pending'`/`'running'`), so should two steps overlap all the same (the
 * lock's connection dropped mid-step while its worker carried on) neither scores a row twice;
 * at worst a row's run is started twice and one of them is ignored.
 */
import type { EvaluatorSpec } from '@/lib/contracts/evaluators'
import type { DatasetRow } from '@/lib/contracts/datasets'
import { isTerminalStatus, type RunStatus } from '@/lib/contracts/runs'
import type { AppContext } from '../app-context'
import { loadWorkspaceAccess } from '../auth/memberships'
import { toRole, type Principal } from '../auth/principal'
import type { DatasetVersionRows } from './dataset-version-rows'
import { evaluate, evaluatorLabels, type EvaluateContext } from './evaluators/evaluate'
import { readEndedRun, sampleOf, tokensOf } from './experiment-samples'
import { costOf } from '@/lib/contracts/model-cost'
import type { ModelPrice } from '@/lib/contracts/model-prices'
import { ModelPriceService } from '../model-prices/model-price-service'

/**
 * How a row's run is started: the run service for a workflow, a new conversation for an agent. The run carries the
 * experiment's id, so that its end queues the experiment's next step (experiment-step-queue.ts).
 */
export interface ExperimentRunStarter {
  startWorkflowRun(principal: Principal, input: { workflowId: string; version: number; input: string; experimentId: string }): Promise<{ id: string }>
  startAgentTurn(principal: Principal, input: { agentId: string; version: number; text: string; experimentId: string }): Promise<{ runId: string }>
}

export interface ExperimentDriverDeps {
  app: Pick<AppContext, 'db'>
  starter: ExperimentRunStarter
  evaluation: Omit<EvaluateContext, 'signal'>
  /** The experiments' dataset rows, read once per version. */
  datasetRows: DatasetVersionRows
}

type StepResult = 'finished' | 'continue'

interface PendingRow {
  id: string
  rowId: string
  rowIndex: number
  trial: number
  runId: string | null
}

export async function stepExperiment(deps: ExperimentDriverDeps, experimentId: string): Promise<StepResult> {
  const { prisma, sql } = deps.app.db
  const experiment = await prisma.experiment.findUnique({ where: { id: experimentId } })
  if (!experiment || experiment.status !== 'running') return 'finished'
  const datasetRows = await deps.datasetRows.read(experiment.datasetId, experiment.datasetVersion)
  const specs = experiment.evaluators as EvaluatorSpec[]

  // 1. Score the rows whose runs have ended (or were deleted).
  const running = await sql.query<PendingRow & { runStatus: RunStatus | null }>(
    `SELECT r.id, r."rowId", r."rowIndex", r.trial, r."runId", run.status AS "runStatus"
     FROM "ExperimentRow" r LEFT JOIN "Run" run ON run.id = r."runId"
     WHERE r."experimentId" = $1 AND r.status = 'running'`,
    [experimentId],
  )
  const ended = running.filter((row) => row.runStatus === null || isTerminalStatus(row.runStatus))
  const pricing = ended.length > 0 ? await experimentPricing(deps, experiment) : undefined
  for (const row of ended) await scoreRow(deps, row, datasetRows[row.rowIndex], specs, pricing)

  // 2. Start pending rows while fewer than `concurrency` run: under the experiment's lock, which a cancel takes too, and
  // only while it still runs — so once a cancel has returned no row starts, and the runs started before it are cancelled.
  const slots = experiment.concurrency - (running.length - ended.length)
  if (slots > 0) {
    await sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [experimentLockKey(experimentId)])
      const pending = await tx.query<PendingRow>(
        `SELECT r.id, r."rowId", r."rowIndex", r.trial, r."runId" FROM "ExperimentRow" r JOIN "Experiment" e ON e.id = r."experimentId"
         WHERE r."experimentId" = $1 AND r.status = 'pending' AND e.status = 'running' ORDER BY r.trial, r."rowIndex" LIMIT $2`,
        [experimentId, slots],
      )
      if (pending.length === 0) return
      const principal = await ownerPrincipal(deps.app, experiment.ownerId)
      // Side by side: each start is a run's create (its graph read and checked, its insert) and its row's update, on
      // connections of their own, and one after another they were most of a step's time (about 10 ms a row on two busy
      // cores, so an experiment started at most about 100 rows a second however fast its runs ended).
      // All of them settle before the lock is let go, even when one fails: a cancel then finds every start done.
      const starts = await Promise.allSettled(pending.map((row) => startRow(deps, principal, experiment, row, datasetRows[row.rowIndex], specs)))
      const failed = starts.find((start) => start.status === 'rejected')
      if (failed) throw failed.reason
    })
  }

  // 3. Finished when every row is scored.
  const [left] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "ExperimentRow" WHERE "experimentId" = $1 AND status <> 'scored'`, [
    experimentId,
  ])
  if ((left?.count ?? 0) > 0) return 'continue'
  await sql.query(`UPDATE "Experiment" SET status = 'succeeded', "finishedAt" = now() WHERE id = $1 AND status = 'running'`, [experimentId])
  return 'finished'
}

/** What the experiment's runs are priced by: the target version's model and the workspace's price table. */
interface Pricing {
  model: string | null
  prices: readonly ModelPrice[]
}

async function experimentPricing(
  deps: ExperimentDriverDeps,
  experiment: { workspaceId: string | null; workflowId: string | null; agentId: string | null; targetVersion: number },
): Promise<Pricing> {
  const { prisma } = deps.app.db
  const pricing = new ModelPriceService(prisma)
  let model: string | null = null
  if (experiment.workflowId) {
    const version = await prisma.workflowVersion.findFirst({
      where: { workflowId: experiment.workflowId, version: experiment.targetVersion },
      select: { graph: true },
    })
    model = version ? pricing.modelOfGraph(version.graph) : null
  } else if (experiment.agentId) {
    const version = await prisma.agentVersion.findFirst({
      where: { agentId: experiment.agentId, version: experiment.targetVersion },
      select: { definition: true },
    })
    model = version ? pricing.modelOfAgentDefinition(version.definition) : null
  }
  return { model, prices: await pricing.tableFor(experiment.workspaceId) }
}

async function scoreRow(
  deps: ExperimentDriverDeps,
  row: PendingRow,
  datasetRow: DatasetRow | undefined,
  specs: readonly EvaluatorSpec[],
  pricing: Pricing | undefined,
): Promise<void> {
  const run = row.runId ? await readEndedRun(deps.app.db.sql, row.runId) : undefined
  const costUsd = run && pricing ? costOf(run.usage, pricing.model, pricing.prices) : null
  const labels = evaluatorLabels(specs)
  let scores: { label: string; score: number; passed: boolean; reason: string }[]
  if (!run || !datasetRow) {
    scores = labels.map((label) => ({ label, score: 0, passed: false, reason: run ? 'The dataset row is gone.' : 'The run was deleted before it was scored.' }))
  } else {
    const sample = sampleOf(datasetRow, run, costUsd)
    scores = []
    for (const [index, spec] of specs.entries()) scores.push({ label: labels[index]!, ...(await evaluate(sample, spec, deps.evaluation)) })
  }
  await deps.app.db.sql.query(
    `UPDATE "ExperimentRow" SET status = 'scored', "runStatus" = $2, output = $3::jsonb, scores = $4::jsonb, tokens = $5, "latencyMs" = $6, "costUsd" = $7, "scoredAt" = now()
     WHERE id = $1 AND status = 'running'`,
    [
      row.id,
      run?.status ?? 'deleted',
      JSON.stringify(run ? (sampleOf({ input: null }, run).output ?? null) : null),
      JSON.stringify(scores),
      run ? tokensOf(run.usage) : null,
      run?.latencyMs ?? null,
      costUsd,
    ],
  )
}

/** The advisory lock a step's starts and a cancel share (pg_advisory_xact_lock(hashtext(key))). */
export function experimentLockKey(experimentId: string): string {
  return `experiment:${experimentId}`
}

async function startRow(
  deps: ExperimentDriverDeps,
  principal: Principal | undefined,
  experiment: { id: string; workflowId: string | null; agentId: string | null; targetVersion: number },
  row: PendingRow,
  datasetRow: DatasetRow | undefined,
  specs: readonly EvaluatorSpec[],
): Promise<void> {
  let runId: string
  try {
    if (!principal) throw new Error('The person who started the experiment no longer exists.')
    if (!datasetRow) throw new Error('The dataset row is gone.')
    const input = typeof datasetRow.input === 'string' ? datasetRow.input : JSON.stringify(datasetRow.input)
    const experimentId = experiment.id
    runId = experiment.workflowId
      ? (await deps.starter.startWorkflowRun(principal, { workflowId: experiment.workflowId, version: experiment.targetVersion, input, experimentId })).id
      : (await deps.starter.startAgentTurn(principal, { agentId: experiment.agentId!, version: experiment.targetVersion, text: input, experimentId })).runId
  } catch (error) {
    // A row that cannot start (its input no longer fits, the owner lost the runner role) is scored as failed, with why.
    const reason = `The run could not start: ${(error as Error).message}`.slice(0, 500)
    await deps.app.db.sql.query(
      `UPDATE "ExperimentRow" SET status = 'scored', "runStatus" = 'not_started', scores = $2::jsonb, "scoredAt" = now() WHERE id = $1 AND status = 'pending'`,
      [row.id, JSON.stringify(evaluatorLabels(specs).map((label) => ({ label, score: 0, passed: false, reason })))],
    )
    return
  }
  await deps.app.db.sql.query(`UPDATE "ExperimentRow" SET status = 'running', "runId" = $2 WHERE id = $1 AND status = 'pending'`, [row.id, runId])
}

/** The experiment's owner as the run service sees a caller: their role and workspace memberships as they are now. */
async function ownerPrincipal(app: Pick<AppContext, 'db'>, ownerId: string | null): Promise<Principal | undefined> {
  if (!ownerId) return undefined
  const user = await app.db.prisma.user.findUnique({ where: { id: ownerId }, select: { id: true, email: true, name: true, role: true, banned: true } })
  if (!user || user.banned) return undefined
  return { userId: user.id, email: user.email, name: user.name, role: toRole(user.role), via: 'token', ...(await loadWorkspaceAccess(app.db.sql, user.id)) }
}
