'use client'

import { useState } from 'react'
import { Badge, Button, ListTable, LocalTime } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'
import { roleLabel } from './current-workspace'

const COLUMNS = [{ label: 'Name' }, { label: 'Your role' }, { label: 'Created' }, { label: 'Actions', hidden: true }] as const

/** The person's workspaces (personal first), which one they work in, and making a team workspace. */
export function WorkspaceList() {
  const { workspaces, current, select } = useCurrentWorkspace()
  const [creating, setCreating] = useState(false)
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Workspaces</h1>
          <p className="text-sm text-zinc-600">Workflows, agents, MCP servers and skills belong to a workspace; its members work on them by role.</p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)} data-testid="workspaces-create">
          Create workspace
        </Button>
      </div>
      <ListTable testId="workspace-list" columns={COLUMNS}>
        {workspaces.map((workspace) => (
          <tr key={workspace.id} data-testid="workspace-row">
            <td className="px-4 py-2.5">
              <IntentLink href={`/workspaces/${workspace.id}`} className="font-medium text-zinc-900 hover:underline">
                {workspace.name}
              </IntentLink>{' '}
              {workspace.kind === 'personal' ? <Badge>Personal</Badge> : null}{' '}
              {workspace.id === current?.id ? (
                <Badge tone="accent" data-testid="workspace-current">
                  Current
                </Badge>
              ) : null}
            </td>
            <td className="px-4 py-2.5 text-zinc-700">{roleLabel(workspace.role, workspace.approver)}</td>
            <td className="px-4 py-2.5 text-zinc-600">
              <LocalTime iso={workspace.createdAt} />
            </td>
            <td className="px-4 py-2.5 text-right">
              {workspace.id === current?.id ? null : (
                <Button size="sm" onClick={() => select(workspace.id)} data-testid="workspace-switch">
                  Work here
                </Button>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </>
  )
}
