'use client'

/** What the server offers (OpenAI key set, MCP servers, skills, workflows), for the editor's checks before a run. */
import { useQuery } from '@tanstack/react-query'
import { getServerFacts } from '@/components/canvas/workflows-api'

export const serverFactKeys = { all: ['server-facts'] as const }

/** Asked again when the window regains focus: a server or skill added in another tab counts at once. */
export function useServerFactsQuery() {
  return useQuery({ queryKey: serverFactKeys.all, queryFn: getServerFacts, staleTime: 10_000 })
}
