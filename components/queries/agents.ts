'use client'

/** Agents: the list, one agent with its latest version, its versions, and the changes made to them. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  createAgent,
  deleteAgent,
  getAgent,
  getAgentVersion,
  listAgents,
  listAgentVersions,
  listFileRoots,
  saveAgentVersion,
  updateAgent,
} from '@/components/agents/agents-api'
import type { AgentDefinition, CreateAgentRequest, UpdateAgentRequest } from '@/lib/contracts/agents'
import { useCurrentWorkspaceId } from '@/components/workspaces/CurrentWorkspaceProvider'
import { serverFactKeys } from './server-facts'

export const agentKeys = {
  all: ['agents'] as const,
  /** Every list without a workspace (the prefix of them all); one workspace's with one. */
  list: (workspaceId?: string) => (workspaceId === undefined ? ([...agentKeys.all, 'list'] as const) : ([...agentKeys.all, 'list', workspaceId] as const)),
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
  versions: (id: string) => [...agentKeys.detail(id), 'versions'] as const,
  version: (id: string, version: number) => [...agentKeys.versions(id), version] as const,
  fileRoots: (root?: string, folder?: string) => [...agentKeys.all, 'file-roots', root ?? null, folder ?? ''] as const,
}

/** `workspaceId`: that workspace's agents; without it, those of every workspace the person sees. */
export function useAgentsQuery(workspaceId?: string) {
  return useQuery({ queryKey: agentKeys.list(workspaceId), queryFn: () => listAgents(workspaceId) })
}

export function useAgentQuery(id: string) {
  return useQuery({ queryKey: agentKeys.detail(id), queryFn: () => getAgent(id), refetchOnWindowFocus: false })
}

export function useAgentVersionsQuery(id: string) {
  return useQuery({ queryKey: agentKeys.versions(id), queryFn: () => listAgentVersions(id) })
}

/** One saved version; versions never change, so it is never refetched. */
export function useAgentVersionQuery(id: string, version: number | undefined) {
  return useQuery({
    queryKey: agentKeys.version(id, version ?? 0),
    queryFn: () => getAgentVersion(id, version!),
    enabled: version !== undefined,
    staleTime: Infinity,
  })
}

export function useFileRootsQuery(root?: string, folder?: string) {
  return useQuery({ queryKey: agentKeys.fileRoots(root, folder), queryFn: () => listFileRoots({ root, folder }) })
}

/** The list changed; so did the server's facts, which name each agent's key and models (a saved agent node is checked against them). */
function invalidateAgentList(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: agentKeys.list() }), queryClient.invalidateQueries({ queryKey: serverFactKeys.all })])
}

/** Makes an agent in the current workspace (unless the request names one). */
export function useCreateAgent() {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({ mutationFn: (input: CreateAgentRequest) => createAgent({ workspaceId, ...input }), onSuccess: () => invalidateAgentList(queryClient) })
}

export function useUpdateAgent(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: UpdateAgentRequest) => updateAgent(id, changes),
    onSuccess: () => Promise.all([invalidateAgentList(queryClient), queryClient.invalidateQueries({ queryKey: agentKeys.detail(id) })]),
  })
}

/** A new version changes the list's latest version, the agent's latest and its version list. */
export function useSaveAgentVersion(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { definition: AgentDefinition; note?: string; baseVersion: number }) => saveAgentVersion(id, input),
    onSuccess: () => Promise.all([invalidateAgentList(queryClient), queryClient.invalidateQueries({ queryKey: agentKeys.detail(id) })]),
  })
}

export function useDeleteAgent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: (deleted) => {
      queryClient.removeQueries({ queryKey: agentKeys.detail(deleted.id) })
      return invalidateAgentList(queryClient)
    },
  })
}
