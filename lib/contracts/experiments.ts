/**
 * The HTTP contracts of experiments (issue #31): a dataset version run through a workflow or agent version — every
 * row `trials` times, as ordinary runs — and each run scored by the evaluators (lib/contracts/evaluators.ts). Read
 * progress, per-row results and aggregates, and compare two experiments row by row.
 */
import { z } from 'zod'
import { evaluatorResultSchema, evaluatorSpecSchema } from './evaluators'
import { safeText } from './safe-text'

export const MAX_EVALUATORS = 20
const resourceId = safeText().min(1).max(100)
const versionNumber = z.number().int().positive().max(2_147_483_647)

export const experimentTargetSchema = z
  .object({
    workflowId: resourceId.optional(),
    agentId: resourceId.optional(),
    /** The version to run (default: the latest when the experiment starts; it is fixed from then on). */
    version: versionNumber.optional(),
  })
  .refine((target) => (target.workflowId === undefined) !== (target.agentId === undefined), 'Name one target: a workflowId or an agentId.')

/** POST /api/experiments. */
export const createExperimentRequestSchema = z.object({
  datasetId: resourceId,
  /** Default: the dataset's latest version. */
  datasetVersion: versionNumber.optional(),
  target: experimentTargetSchema,
  evaluators: z.array(evaluatorSpecSchema).min(1, 'Name at least one evaluator.').max(MAX_EVALUATORS),
  /** Runs per row: agents are not deterministic, and the spread over trials says how much. */
  trials: z.number().int().min(1).max(5).default(1),
  /** Runs of this experiment at once. */
  concurrency: z.number().int().min(1).max(16).default(4),
})
export type CreateExperimentRequest = z.input<typeof createExperimentRequestSchema>

export const experimentIdParamsSchema = z.object({ id: resourceId })
export const compareExperimentsParamsSchema = z.object({ id: resourceId, otherId: resourceId })
export const listExperimentsQuerySchema = z.object({ datasetId: resourceId.optional() })

export const experimentStatusSchema = z.enum(['running', 'succeeded', 'failed', 'cancelled'])
export type ExperimentStatus = z.infer<typeof experimentStatusSchema>

/** One evaluator over the whole experiment. */
export const evaluatorAggregateSchema = z.object({
  label: z.string(),
  kind: z.string(),
  /** Mean score over every scored run. */
  meanScore: z.number().nullable(),
  passRate: z.number().nullable(),
  /** Mean over rows of the standard deviation of the row's scores across its trials (0 with one trial). */
  spread: z.number().nullable(),
})

export const experimentAggregatesSchema = z.object({
  /** Mean of the evaluators' mean scores. */
  meanScore: z.number().nullable(),
  /** Share of scored runs that every evaluator passed. */
  passRate: z.number().nullable(),
  evaluators: z.array(evaluatorAggregateSchema),
  tokens: z.object({ total: z.number(), mean: z.number().nullable() }),
  latencyMs: z.object({ p50: z.number().nullable() }),
  /** What the scored runs cost by the workspace's price table (null: no run's model has a price). */
  cost: z.object({ totalUsd: z.number().nullable(), meanUsd: z.number().nullable() }).optional(),
  /** Runs that did not succeed (failed or cancelled): their rows are scored on what they produced. */
  runsFailed: z.number().int(),
})
export type ExperimentAggregates = z.infer<typeof experimentAggregatesSchema>

export const experimentSchema = z.object({
  id: z.string(),
  datasetId: z.string(),
  datasetVersion: z.number().int(),
  target: z.object({ kind: z.enum(['workflow', 'agent']), id: z.string(), name: z.string(), version: z.number().int() }),
  evaluators: z.array(evaluatorSpecSchema),
  /** Each evaluator's label in results (its name, else its kind; numbered when repeated). */
  labels: z.array(z.string()),
  trials: z.number().int(),
  concurrency: z.number().int(),
  status: experimentStatusSchema,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  aggregates: experimentAggregatesSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ExperimentView = z.infer<typeof experimentSchema>

export const experimentResponseSchema = z.object({ experiment: experimentSchema })
export type ExperimentResponse = z.infer<typeof experimentResponseSchema>
export const experimentListResponseSchema = z.object({ experiments: z.array(experimentSchema) })

export const experimentScoreSchema = evaluatorResultSchema.extend({ label: z.string() })

export const experimentResultRowSchema = z.object({
  rowId: z.string(),
  rowIndex: z.number().int(),
  trial: z.number().int(),
  input: z.unknown(),
  expected: z.unknown().optional(),
  /** pending (not started), running (its run is under way) or scored. */
  status: z.enum(['pending', 'running', 'scored']),
  runId: z.string().nullable(),
  runStatus: z.string().nullable(),
  output: z.unknown(),
  scores: z.array(experimentScoreSchema),
  tokens: z.number().nullable(),
  latencyMs: z.number().nullable(),
  /** What the run cost (workspace price table); null when its model has no price. */
  costUsd: z.number().nullable().optional(),
})
export type ExperimentResultRow = z.infer<typeof experimentResultRowSchema>

export const experimentResultsResponseSchema = z.object({ experiment: experimentSchema, rows: z.array(experimentResultRowSchema) })
export type ExperimentResultsResponse = z.infer<typeof experimentResultsResponseSchema>

export const rowVerdictSchema = z.enum(['regressed', 'improved', 'same', 'missing'])
const delta = z.object({ value: z.number().nullable(), baseline: z.number().nullable(), delta: z.number().nullable() })

/** GET /api/experiments/:id/compare/:otherId — this experiment against the other as its baseline: deltas are this − baseline. */
export const experimentComparisonSchema = z.object({
  experimentId: z.string(),
  baselineId: z.string(),
  rows: z.array(
    z.object({
      rowId: z.string(),
      input: z.unknown(),
      /** The row's mean score (over evaluators and trials) here and in the baseline; null where it has none. */
      score: z.number().nullable(),
      baselineScore: z.number().nullable(),
      delta: z.number().nullable(),
      verdict: rowVerdictSchema,
    }),
  ),
  counts: z.object({ regressed: z.number().int(), improved: z.number().int(), same: z.number().int(), missing: z.number().int() }),
  aggregates: z.object({
    meanScore: delta,
    passRate: delta,
    tokensMean: delta,
    latencyP50: delta,
    evaluators: z.array(delta.extend({ label: z.string() })),
  }),
})
export type ExperimentComparison = z.infer<typeof experimentComparisonSchema>
