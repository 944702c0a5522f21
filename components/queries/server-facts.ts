'use client'

/** What the server offers (OpenAI key set, MCP servers, skills, workflows), for the editor's checks before a run. */
import { useQuery } from '@tanstack/react-query'
import { getServerFacts } from '@/components/canvas/workflows-api'

export const serverFactKeys = {
  /** The prefix of every workspace's facts. */
  all: ['server-facts'] as const,
  of: (workspaceId: string | undefined) => [...serverFactKeys.all, workspaceId ?? null] as const,
}

/**
 * The facts of one workspace (the open workflow's: what its runs may use); without one, of every workspace the person
 * sees. Asked again when the window regains focus: a server or skill added in another tab counts at once.
 */
export function useServerFactsQuery(workspaceId?: string) {
  return useQuery({ queryKey: serverFactKeys.of(workspaceId), queryFn: () => getServerFacts(workspaceId), staleTime: 10_000 })
}
