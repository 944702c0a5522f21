'use client'

/**
 * Workspaces: the person's list (the header's switcher), one workspace, its members, invitation links and audit log,
 * and the changes made to them. Every change is audited, so each also marks the workspace's audit log stale.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { workspacesApi } from '@/components/workspaces/workspaces-api'
import type { AuditPageView } from '@/lib/contracts/accounts'
import type { WorkspaceRole, WorkspaceView } from '@/lib/contracts/workspaces'

export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  detail: (id: string) => [...workspaceKeys.all, 'detail', id] as const,
  members: (id: string) => [...workspaceKeys.detail(id), 'members'] as const,
  invitations: (id: string) => [...workspaceKeys.detail(id), 'invitations'] as const,
  auditLog: (id: string) => [...workspaceKeys.detail(id), 'audit-log'] as const,
  invitation: (token: string) => [...workspaceKeys.all, 'invitation', token] as const,
}

/** `initialData`: the list the page was rendered with (the header's switcher draws at once). */
export function useWorkspacesQuery(initialData?: WorkspaceView[]) {
  return useQuery({ queryKey: workspaceKeys.list(), queryFn: workspacesApi.list, ...(initialData ? { initialData, staleTime: 30_000 } : {}) })
}

export function useWorkspaceQuery(id: string) {
  return useQuery({ queryKey: workspaceKeys.detail(id), queryFn: () => workspacesApi.get(id) })
}

export function useWorkspaceMembersQuery(id: string) {
  return useQuery({ queryKey: workspaceKeys.members(id), queryFn: () => workspacesApi.members(id) })
}

export function useWorkspaceInvitationsQuery(id: string, enabled: boolean) {
  return useQuery({ queryKey: workspaceKeys.invitations(id), queryFn: () => workspacesApi.invitations(id), enabled })
}

/** The workspace's audit log (owners), newest first, a page at a time. */
export function useWorkspaceAuditLogQuery(id: string) {
  return useInfiniteQuery({
    queryKey: workspaceKeys.auditLog(id),
    queryFn: ({ pageParam }) => workspacesApi.auditLog(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: AuditPageView) => page.nextBefore ?? undefined,
  })
}

export function useInvitationPreviewQuery(token: string) {
  return useQuery({ queryKey: workspaceKeys.invitation(token), queryFn: () => workspacesApi.previewInvitation(token), retry: false })
}

/** A change to one workspace: it, its lists and the person's workspace list (names, roles) go stale. */
function useWorkspaceMutation<TVariables, TResult>(id: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.list() })
    },
  })
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: workspacesApi.create, onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }) })
}

export function useRenameWorkspace(id: string) {
  return useWorkspaceMutation(id, (name: string) => workspacesApi.rename(id, name))
}

export function useDeleteWorkspace(id: string) {
  return useWorkspaceMutation(id, () => workspacesApi.delete(id))
}

export function useAddWorkspaceMember(id: string) {
  return useWorkspaceMutation(id, (input: { email: string; role: WorkspaceRole; approver: boolean }) => workspacesApi.addMember(id, input))
}

export function useChangeWorkspaceMember(id: string) {
  return useWorkspaceMutation(id, ({ userId, ...change }: { userId: string; role?: WorkspaceRole; approver?: boolean }) =>
    workspacesApi.changeMember(id, userId, change),
  )
}

export function useRemoveWorkspaceMember(id: string) {
  return useWorkspaceMutation(id, (userId: string) => workspacesApi.removeMember(id, userId))
}

export function useCreateWorkspaceInvitation(id: string) {
  return useWorkspaceMutation(id, (input: { role: WorkspaceRole; approver: boolean }) => workspacesApi.invite(id, input))
}

export function useRevokeWorkspaceInvitation(id: string) {
  return useWorkspaceMutation(id, (invitationId: string) => workspacesApi.revokeInvitation(id, invitationId))
}

export function useAcceptWorkspaceInvitation(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => workspacesApi.acceptInvitation(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  })
}
