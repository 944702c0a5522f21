/**
 * Two runs side by side (issue #31): any two runs the caller can see — of one workflow or two, forks or not.
 *
 *   GET /api/runs/compare?a=<runId>&b=<runId> → { a: ComparedRun, b: ComparedRun, nodes: ComparedNode[] }
 *
 * Each side carries its totals (status, duration, tokens, cost) and what each node did; `nodes` lines the two up by
 * executor id, so a page can show, node by node, where they differ.
 */
import { z } from 'zod'
import { runCostResponseSchema } from './model-prices'
import { runDetailSchema, tokenUsageSchema } from './runs'

export const compareRunsQuery = z.object({
  a: z.string().uuid('Not a run id.'),
  b: z.string().uuid('Not a run id.'),
})
export type CompareRunsQuery = z.infer<typeof compareRunsQuery>

/** What one node did in one run. */
export const comparedNodeRunSchema = z.object({
  invoked: z.boolean(),
  /** How many times it was invoked (a node in a loop runs more than once). */
  invocations: z.number().int(),
  /** What it produced, as text, in order: an agent's responses, else the run outputs it yielded. */
  outputs: z.array(z.string()),
  /** Tokens of its model calls, when it is an agent that reported them. */
  usage: tokenUsageSchema.nullable(),
  failed: z.boolean(),
})
export type ComparedNodeRun = z.infer<typeof comparedNodeRunSchema>

export const comparedRunSchema = runDetailSchema
  .pick({
    id: true,
    workflowId: true,
    workflowName: true,
    version: true,
    status: true,
    outputs: true,
    usage: true,
    startedAt: true,
    finishedAt: true,
    createdAt: true,
    error: true,
  })
  .extend({
    /** From its start (or creation, when it never started) to its end; null while it has not ended. */
    durationMs: z.number().nullable(),
    /** What it cost by its workspace's price table (GET /api/runs/:id/cost). */
    cost: runCostResponseSchema,
    /** Its events counted by type. */
    eventCounts: z.record(z.string(), z.number().int()),
    /** Per node (executor id). */
    nodes: z.record(z.string(), comparedNodeRunSchema),
  })
export type ComparedRun = z.infer<typeof comparedRunSchema>

/** One node of either run, with whether the two differ there (invoked in one only, or other outputs). */
export const comparedNodeSchema = z.object({ nodeId: z.string(), label: z.string().nullable(), differs: z.boolean() })
export type ComparedNode = z.infer<typeof comparedNodeSchema>

export const runComparisonSchema = z.object({ a: comparedRunSchema, b: comparedRunSchema, nodes: z.array(comparedNodeSchema) })
export type RunComparison = z.infer<typeof runComparisonSchema>
