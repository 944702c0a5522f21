/** `GET /api/health`: open to anyone, for load balancers and the CLI's first check of a server. */
import { z } from 'zod'

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.string() })
export type HealthResponse = z.infer<typeof healthResponseSchema>
