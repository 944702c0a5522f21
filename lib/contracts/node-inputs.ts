/**
 * `GET /api/workflows/:id/node-inputs?nodeId=`: what a node received in the workflow's latest runs that reached it
 * (issue #31), newest first: "Run this node…" opens with the latest and offers the others.
 */
import { z } from 'zod'
import { safeText } from './safe-text'

export const NODE_INPUT_RUNS = 5

export const nodeInputsParams = z.object({ id: safeText().min(1).max(100) })
export const nodeInputsQuery = z.object({ nodeId: safeText().min(1).max(200) })

export const nodeInputSchema = z.object({ runId: z.string(), runCreatedAt: z.string(), input: z.unknown() })
export type NodeInput = z.infer<typeof nodeInputSchema>

export const nodeInputsResponseSchema = z.object({ inputs: z.array(nodeInputSchema) })
