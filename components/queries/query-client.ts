/**
 * The one TanStack Query client of the browser session, and the rules every query shares: which
 * failures are worth another try, and how lists stay fresh.
 */
import { QueryClient, type InvalidateQueryFilters } from '@tanstack/react-query'
import { ApiError } from '@/components/api-client'

/** Tries after the first failure of a query that failed for a reason that may pass. */
export const MAX_QUERY_RETRIES = 3

/**
 * Only a failure that may pass is tried again: no answer at all (network_error) or a server error
 * (5xx). A 4xx is the answer to what was asked and stays the same; an answer that broke its
 * contract (unexpected_response) would break it again; anything else is a bug in the browser.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code === 'unexpected_response') return false
  return error.status === 0 || error.status >= 500
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryableFailure(error)
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        // Data is stale at once: a page mounted again shows what it had and asks again, as every
        // page did before it cached anything; lists changed elsewhere (another tab, a panel that
        // keeps its own list) are never shown stale for long. Queries that must not refetch (a
        // document being edited, a run followed over SSE) say so themselves.
        staleTime: 0,
      },
      // A mutation is sent once: repeating a POST the server may have applied is not ours to decide.
      mutations: { retry: false },
    },
  })
}

/**
 * Reads again what changed on the server: queries matching `filters` are marked stale and the ones on screen fetched
 * anew. A fetch still on its way is dropped first: begun before the change, it would otherwise be joined (TanStack
 * Query joins a refetch to a first fetch still running rather than cancel it) and what it found shown as fresh: a
 * chat's first read, sent as its conversation was created, would show the conversation without the turn that ended.
 */
export async function refetchChanged(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters)
  await queryClient.invalidateQueries(filters)
}
