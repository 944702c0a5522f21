/**
 * The one shape every API error answers with (lib/server/http-errors.ts writes it): a literal
 * `code` scripts can branch on, a `message` for people, and `details` where the code has more to say
 * (validation issues, graph problems). Browser-safe, so clients parse errors with the same schema.
 */
import { z } from 'zod'

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
})
export type ApiError = z.infer<typeof apiErrorSchema>
