/**
 * Experiments (issue #31): create one (its dataset version, target version and evaluators fixed at start, one
 * ExperimentRow per dataset row × trial, and its first step queued in the same transaction), read its progress and
 * aggregates, its per-row results, and compare it with another. An experiment is its target's workspace's (the
 * dataset must be in the same one): members see it, anyone else gets the 404 of a missing one. Running it is the
 * driver's (experiment-driver.ts).
 */
import { randomUUID } from 'node:crypto'
import type { DatasetRow } from '@/lib/contracts/datasets'
import type { EvaluatorSpec } from '@/lib/contracts/evaluators'
import type {
  ExperimentComparison,
  ExperimentResponse,
  ExperimentResultRow,
  ExperimentResultsResponse,
  ExperimentView,
  CreateExperimentRequest,
} from '@/lib/contracts/experiments'
import type { Experiment } from '@/lib/generated/prisma/client'
import { requireRole, visibleTo, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { conflict, invalidInput, isDomainError, notFound } from '../domain-errors'
import type { RunService } from '../runs/run-service'
import { visibleWorkflows } from '../workflows/workflow-service'
import type { DatasetService } from './dataset-service'
import { checkEvaluatorSpec, evaluatorLabels } from './evaluators/evaluate'
import { aggregate, compare, type ScoredRow } from './experiment-aggregates'
import { experimentLockKey } from './experiment-driver'
import { QUEUE_EXPERIMENT_STEP_SQL } from './experiment-jobs'

type CreateInput = Omit<CreateExperimentRequest, 'evaluators' | 'trials' | 'concurrency'> & { evaluators: EvaluatorSpec[]; trials: number; concurrency: number }

type StoredRow = {
  rowId: string
  rowIndex: number
  trial: number
  status: string
  runId: string | null
  runStatus: string | null
  output: unknown
  scores: unknown
  tokens: number | null
  latencyMs: number | null
  costUsd: number | null
}

export class ExperimentService {
  constructor(
    private readonly prisma: Prisma,
    private readonly datasets: Pick<DatasetService, 'rows'>,
    private readonly runs: Pick<RunService, 'cancel'>,
  ) {}

  async create(principal: Principal, input: CreateInput): Promise<ExperimentResponse> {
    input.evaluators.forEach((spec, index) => {
      try {
        checkEvaluatorSpec(spec)
      } catch (error) {
        throw invalidInput('invalid_evaluator', `Evaluator ${index + 1} (${spec.kind}): ${(error as Error).message}`, { index })
      }
    })
    const { dataset, version, rows } = await this.datasets.rows(principal, input.datasetId, input.datasetVersion)
    if (rows.length === 0) throw invalidInput('invalid_dataset', `Version ${version} of the dataset has no rows to run.`)
    const target = await this.target(principal, input.target)
    if (target.workspaceId !== dataset.workspaceId) {
      throw invalidInput('invalid_request', 'The dataset and the workflow or agent must be in the same workspace: the experiment shows both to its members.')
    }
    const id = randomUUID()
    const experiment = await this.prisma.$transaction(async (tx) => {
      const created = await tx.experiment.create({
        data: {
          id,
          ownerId: principal.userId,
          workspaceId: target.workspaceId,
          datasetId: dataset.id,
          datasetVersion: version,
          workflowId: target.kind === 'workflow' ? target.id : null,
          agentId: target.kind === 'agent' ? target.id : null,
          targetVersion: target.version,
          targetName: target.name,
          evaluators: input.evaluators as object[],
          trials: input.trials,
          concurrency: input.concurrency,
          total: rows.length * input.trials,
        },
      })
      await tx.experimentRow.createMany({
        data: Array.from({ length: input.trials }, (_, trial) => rows.map((row, rowIndex) => ({ experimentId: id, rowId: row.id, rowIndex, trial }))).flat(),
      })
      await tx.$executeRawUnsafe(QUEUE_EXPERIMENT_STEP_SQL, id)
      return created
    })
    return { experiment: this.present(experiment, []) }
  }

  async list(principal: Principal, datasetId?: string): Promise<{ experiments: ExperimentView[] }> {
    const experiments = await this.prisma.experiment.findMany({
      where: { ...visibleTo(principal), ...(datasetId === undefined ? {} : { datasetId }) },
      orderBy: { createdAt: 'desc' },
      take: 50,
    })
    // Aggregates need every row's scores, not its output: the outputs (the bulk of a row) stay in the database.
    const rows = await this.prisma.experimentRow.findMany({
      where: { experimentId: { in: experiments.map((experiment) => experiment.id) } },
      select: {
        experimentId: true,
        rowId: true,
        rowIndex: true,
        trial: true,
        status: true,
        runId: true,
        runStatus: true,
        scores: true,
        tokens: true,
        latencyMs: true,
        costUsd: true,
      },
    })
    const byExperiment = new Map<string, StoredRow[]>()
    for (const row of rows) {
      const list = byExperiment.get(row.experimentId) ?? []
      list.push({ ...row, output: null })
      byExperiment.set(row.experimentId, list)
    }
    return { experiments: experiments.map((experiment) => this.present(experiment, byExperiment.get(experiment.id) ?? [])) }
  }

  async get(principal: Principal, id: string): Promise<ExperimentResponse> {
    const { experiment, rows } = await this.load(principal, id)
    return { experiment: this.present(experiment, rows) }
  }

  async results(principal: Principal, id: string): Promise<ExperimentResultsResponse> {
    const { experiment, rows } = await this.load(principal, id)
    const datasetRows = await this.datasetRows(experiment)
    return {
      experiment: this.present(experiment, rows),
      rows: rows.map((row): ExperimentResultRow => {
        const source = datasetRows[row.rowIndex]
        return {
          rowId: row.rowId,
          rowIndex: row.rowIndex,
          trial: row.trial,
          input: source?.input ?? null,
          ...(source?.expected === undefined ? {} : { expected: source.expected }),
          status: row.status === 'scored' || row.status === 'running' ? row.status : 'pending',
          runId: row.runId,
          runStatus: row.runStatus,
          output: row.output ?? null,
          scores: (row.scores as ExperimentResultRow['scores'] | null) ?? [],
          tokens: row.tokens,
          latencyMs: row.latencyMs,
          costUsd: row.costUsd,
        }
      }),
    }
  }

  /** This experiment against `baselineId` (both visible to the caller: 404 otherwise). */
  async compare(principal: Principal, id: string, baselineId: string): Promise<ExperimentComparison> {
    const [mine, theirs] = await Promise.all([this.load(principal, id), this.load(principal, baselineId)])
    const [mineInputs, theirInputs] = await Promise.all([this.datasetRows(mine.experiment), this.datasetRows(theirs.experiment)])
    const scored = (loaded: typeof mine, inputs: DatasetRow[]) => loaded.rows.map((row) => this.scoredRow(row, inputs))
    return compare(
      { id, rows: scored(mine, mineInputs), aggregates: this.present(mine.experiment, mine.rows).aggregates },
      { id: baselineId, rows: scored(theirs, theirInputs), aggregates: this.present(theirs.experiment, theirs.rows).aggregates },
    )
  }

  /**
   * Stops an experiment (runner): no more rows start, its runs under way are cancelled, and what was scored stays.
   * 409 `experiment_finished` when it had already finished.
   */
  async cancel(principal: Principal, id: string): Promise<ExperimentResponse> {
    const { experiment } = await this.load(principal, id)
    requireRole(principal, experiment.workspaceId, 'runner')
    // Under the lock a step holds while it starts rows (experiment-driver.ts): a start in progress ends first, and its runs are cancelled below.
    const { count } = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${experimentLockKey(id)}))`
      return tx.experiment.updateMany({ where: { id, status: 'running' }, data: { status: 'cancelled', finishedAt: new Date() } })
    })
    if (count === 0) throw conflict('experiment_finished', `The experiment already finished (${experiment.status}).`)
    const running = await this.prisma.experimentRow.findMany({ where: { experimentId: id, status: 'running', runId: { not: null } }, select: { runId: true } })
    for (const { runId } of running) {
      await this.runs.cancel(principal, runId!).catch((error: unknown) => {
        // A run that ended meanwhile, or was deleted, needs no cancelling.
        if (!isDomainError(error)) throw error
      })
    }
    return this.get(principal, id)
  }

  private async load(principal: Principal, id: string): Promise<{ experiment: Experiment; rows: StoredRow[] }> {
    const experiment = await this.prisma.experiment.findFirst({ where: { id, ...visibleTo(principal) } })
    if (!experiment) throw notFound('Experiment', id)
    requireRole(principal, experiment.workspaceId, 'viewer')
    const rows = await this.prisma.experimentRow.findMany({ where: { experimentId: id }, orderBy: [{ rowIndex: 'asc' }, { trial: 'asc' }] })
    return { experiment, rows }
  }

  private async datasetRows(experiment: Experiment): Promise<DatasetRow[]> {
    const version = await this.prisma.datasetVersion.findUnique({
      where: { datasetId_version: { datasetId: experiment.datasetId, version: experiment.datasetVersion } },
      select: { rows: true },
    })
    return (version?.rows as DatasetRow[] | undefined) ?? []
  }

  /** The workflow or agent to run, visible to the caller and runnable by them (runner), with the version fixed now. */
  private async target(
    principal: Principal,
    target: CreateInput['target'],
  ): Promise<{ kind: 'workflow' | 'agent'; id: string; name: string; version: number; workspaceId: string | null }> {
    if (target.workflowId !== undefined) {
      const workflow = await this.prisma.workflow.findFirst({
        where: { id: target.workflowId, ...visibleWorkflows(principal) },
        include: {
          versions: {
            where: target.version === undefined ? {} : { version: target.version },
            orderBy: { version: 'desc' },
            take: 1,
            select: { version: true },
          },
        },
      })
      if (!workflow) throw notFound('Workflow', target.workflowId)
      requireRole(principal, workflow.workspaceId, 'runner')
      const version = workflow.versions[0]?.version
      if (version === undefined) throw notFound('Version', `${target.workflowId}@${target.version ?? 'latest'}`)
      return { kind: 'workflow', id: workflow.id, name: workflow.name, version, workspaceId: workflow.workspaceId }
    }
    const agentId = target.agentId!
    const agent = await this.prisma.agent.findFirst({
      where: { id: agentId, ...visibleTo(principal) },
      include: {
        versions: { where: target.version === undefined ? {} : { version: target.version }, orderBy: { version: 'desc' }, take: 1, select: { version: true } },
      },
    })
    if (!agent) throw notFound('Agent', agentId)
    requireRole(principal, agent.workspaceId, 'runner')
    const version = agent.versions[0]?.version
    if (version === undefined) throw notFound('Version', `${agentId}@${target.version ?? 'latest'}`)
    return { kind: 'agent', id: agent.id, name: agent.name, version, workspaceId: agent.workspaceId }
  }

  private scoredRow(row: StoredRow, inputs: readonly DatasetRow[]): ScoredRow {
    return {
      rowId: row.rowId,
      trial: row.trial,
      input: inputs[row.rowIndex]?.input ?? null,
      status: row.status,
      runStatus: row.runStatus,
      scores: (row.scores as ScoredRow['scores']) ?? null,
      tokens: row.tokens,
      latencyMs: row.latencyMs,
      costUsd: row.costUsd,
    }
  }

  private present(experiment: Experiment, rows: readonly StoredRow[]): ExperimentView {
    const specs = experiment.evaluators as EvaluatorSpec[]
    const labels = evaluatorLabels(specs)
    const scored = rows.map((row) => this.scoredRow(row, []))
    return {
      id: experiment.id,
      datasetId: experiment.datasetId,
      datasetVersion: experiment.datasetVersion,
      target: {
        kind: experiment.workflowId ? 'workflow' : 'agent',
        id: (experiment.workflowId ?? experiment.agentId)!,
        name: experiment.targetName,
        version: experiment.targetVersion,
      },
      evaluators: specs,
      labels,
      trials: experiment.trials,
      concurrency: experiment.concurrency,
      status: experiment.status,
      progress: { done: rows.filter((row) => row.status === 'scored').length, total: experiment.total },
      aggregates: aggregate(
        scored,
        specs.map((spec, index) => ({ label: labels[index]!, kind: spec.kind })),
      ),
      createdAt: experiment.createdAt.toISOString(),
      finishedAt: experiment.finishedAt?.toISOString() ?? null,
    }
  }
}
