/**
 * The HTTP contract of the function tools an agent node can pick by name (GET /api/function-tools).
 * Browser-safe: the server's registry presents these, the canvas inspector checks the answer with them.
 */
import { z } from 'zod'

export const functionToolSummarySchema = z.object({ name: z.string(), description: z.string() })
export type FunctionToolSummary = z.infer<typeof functionToolSummarySchema>

export const functionToolListResponseSchema = z.object({ tools: z.array(functionToolSummarySchema) })
export type FunctionToolListResponse = z.infer<typeof functionToolListResponseSchema>
