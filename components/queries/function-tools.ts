'use client'

/** The server's registry of function tools an agent node picks from. */
import { useQuery } from '@tanstack/react-query'
import { listFunctionTools } from '@/components/canvas/workflows-api'

export const functionToolKeys = { all: ['function-tools'] as const }

/** The registry is server code: it changes with a new deployment, not while a page is open. */
export function useFunctionToolsQuery() {
  return useQuery({ queryKey: functionToolKeys.all, queryFn: listFunctionTools, staleTime: Infinity })
}
