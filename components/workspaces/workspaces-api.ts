/**
 * The workspaces API as the browser sees it (issue #30): the person's workspaces, one workspace's members, invitation
 * links and audit log, joining by a link, and moving a workflow. Every answer is checked against its contract.
 */
import { auditPageViewSchema, type AuditPageView } from '@/lib/contracts/accounts'
import {
  deletedWorkspaceResponseSchema,
  invitationPreviewSchema,
  movedWorkflowResponseSchema,
  pendingWorkspaceInvitationListSchema,
  removedWorkspaceMemberResponseSchema,
  revokedWorkspaceInvitationResponseSchema,
  workspaceInvitationSchema,
  workspaceListSchema,
  workspaceMemberListSchema,
  workspaceMemberResponseSchema,
  workspaceResponseSchema,
  type WorkspaceRole,
} from '@/lib/contracts/workspaces'
import { fetchParsed } from '../api-client'

const workspaceUrl = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`
const send = (method: string, body?: unknown): RequestInit => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

export const workspacesApi = {
  list: async () => (await fetchParsed(workspaceListSchema, '/api/workspaces')).workspaces,
  get: async (id: string) => (await fetchParsed(workspaceResponseSchema, workspaceUrl(id))).workspace,
  create: async (name: string) => (await fetchParsed(workspaceResponseSchema, '/api/workspaces', send('POST', { name }))).workspace,
  rename: async (id: string, name: string) => (await fetchParsed(workspaceResponseSchema, workspaceUrl(id), send('PATCH', { name }))).workspace,
  delete: async (id: string) => (await fetchParsed(deletedWorkspaceResponseSchema, workspaceUrl(id), send('DELETE'))).deleted,

  members: async (id: string) => (await fetchParsed(workspaceMemberListSchema, `${workspaceUrl(id)}/members`)).members,
  addMember: async (id: string, input: { email: string; role: WorkspaceRole; approver: boolean }) =>
    (await fetchParsed(workspaceMemberResponseSchema, `${workspaceUrl(id)}/members`, send('POST', input))).member,
  changeMember: async (id: string, userId: string, change: { role?: WorkspaceRole; approver?: boolean }) =>
    (await fetchParsed(workspaceMemberResponseSchema, `${workspaceUrl(id)}/members/${encodeURIComponent(userId)}`, send('PATCH', change))).member,
  removeMember: async (id: string, userId: string) =>
    (await fetchParsed(removedWorkspaceMemberResponseSchema, `${workspaceUrl(id)}/members/${encodeURIComponent(userId)}`, send('DELETE'))).removed,

  invitations: async (id: string) => (await fetchParsed(pendingWorkspaceInvitationListSchema, `${workspaceUrl(id)}/invitations`)).invitations,
  invite: (id: string, input: { role: WorkspaceRole; approver: boolean }) =>
    fetchParsed(workspaceInvitationSchema, `${workspaceUrl(id)}/invitations`, send('POST', input)),
  revokeInvitation: async (id: string, invitationId: string) =>
    (await fetchParsed(revokedWorkspaceInvitationResponseSchema, `${workspaceUrl(id)}/invitations/${encodeURIComponent(invitationId)}`, send('DELETE')))
      .revoked,

  auditLog: (id: string, before?: string): Promise<AuditPageView> =>
    fetchParsed(auditPageViewSchema, `${workspaceUrl(id)}/audit-log${before ? `?before=${encodeURIComponent(before)}` : ''}`),

  previewInvitation: async (token: string) =>
    (await fetchParsed(invitationPreviewSchema, `/api/workspace-invitations/${encodeURIComponent(token)}`)).invitation,
  acceptInvitation: async (token: string) =>
    (await fetchParsed(workspaceResponseSchema, `/api/workspace-invitations/${encodeURIComponent(token)}`, send('POST'))).workspace,

  moveWorkflow: async (workflowId: string, workspaceId: string) =>
    (await fetchParsed(movedWorkflowResponseSchema, `/api/workflows/${encodeURIComponent(workflowId)}/move`, send('POST', { workspaceId }))).workflow,
}
