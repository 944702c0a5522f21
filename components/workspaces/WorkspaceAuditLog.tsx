'use client'

import { AuditLogEntries } from '@/components/account/AuditLogTable'
import { useWorkspaceAuditLogQuery } from '@/components/queries/workspaces'

/** The workspace's audit log, for its owners: who joined, changed roles, invited, renamed, and what changed inside. */
export function WorkspaceAuditLog({ workspaceId }: { workspaceId: string }) {
  return <AuditLogEntries log={useWorkspaceAuditLogQuery(workspaceId)} />
}
