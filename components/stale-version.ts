/** The newer version a save was refused for (409 `stale_version`, lib/contracts/save-base.ts), from the error a client call threw. */
import { staleVersionDetailsSchema, type CurrentVersion } from '@/lib/contracts/save-base'
import { ApiError } from './api-client'

export function staleVersionOf(error: unknown): CurrentVersion | undefined {
  if (!(error instanceof ApiError) || error.code !== 'stale_version') return undefined
  const parsed = staleVersionDetailsSchema.safeParse(error.details)
  return parsed.success ? parsed.data.current : undefined
}
