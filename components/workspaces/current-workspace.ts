/**
 * Which workspace the person works in (the header's switcher): remembered in a cookie, so that server components (the
 * signed-in layout) render the page for it from the first byte, with no flash of another workspace; a link may name
 * one with `?workspace=<id>` (which then becomes the remembered one). Pure: no React, no document.
 */
import { roleAtLeast, type WorkspaceRole, type WorkspaceView } from '@/lib/contracts/workspaces'

export const WORKSPACE_COOKIE = 'agentloom-workspace'
export const WORKSPACE_PARAM = 'workspace'
const YEAR_SECONDS = 365 * 24 * 60 * 60

/** The wanted workspace when it is one of the person's, else their personal one (listed first), else the first. */
export function pickCurrentWorkspace(workspaces: readonly WorkspaceView[], wanted: string | null | undefined): WorkspaceView | null {
  return workspaces.find((workspace) => workspace.id === wanted) ?? workspaces.find((workspace) => workspace.kind === 'personal') ?? workspaces[0] ?? null
}

/** The `document.cookie` assignment that remembers `id` for a year (readable by the server; not a secret). */
export function workspaceCookie(id: string, secure: boolean): string {
  return `${WORKSPACE_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** `?workspace=` of a page's query string, when it names one. */
export function workspaceFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(WORKSPACE_PARAM)
  return value && value.trim() !== '' ? value : null
}

/** May this role create and change things (workflows, agents, skills, MCP servers)? */
export function canEdit(role: WorkspaceRole | null | undefined): boolean {
  return role ? roleAtLeast(role, 'editor') : false
}

/** May this role start runs? */
export function canRun(role: WorkspaceRole | null | undefined): boolean {
  return role ? roleAtLeast(role, 'runner') : false
}

/** How a role reads in a list: "Owner · approver". */
export function roleLabel(role: WorkspaceRole, approver: boolean): string {
  const name = role.charAt(0).toUpperCase() + role.slice(1)
  return approver && role !== 'owner' ? `${name} · approver` : name
}

/** What a role may do, in a sentence (the members page's role picker, the invitation page). */
export const ROLE_MEANING: Record<WorkspaceRole, string> = {
  owner: 'Everything, including members and deleting the workspace.',
  editor: 'Create and change workflows, agents, skills and MCP servers; run and share.',
  runner: 'Run what exists and follow its runs; chat with agents. No changes.',
  viewer: 'Read only.',
}

/** The workspaces the person may move a workflow into (they edit there), other than where it is. */
export function moveTargets(workspaces: readonly WorkspaceView[], from: string | null): WorkspaceView[] {
  return workspaces.filter((workspace) => workspace.id !== from && canEdit(workspace.role))
}

/** `?workspaceId=<id>` (or `&…` after other parameters) for a list or a name that lives in a workspace; '' for none. */
export function inWorkspace(workspaceId: string | null | undefined, separator: '?' | '&' = '?'): string {
  return workspaceId ? `${separator}workspaceId=${encodeURIComponent(workspaceId)}` : ''
}
