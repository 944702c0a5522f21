'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { EmptyListNotice } from '@/components/ui/EmptyListNotice'
import { ListTable } from '@/components/ui/ListTable'
import { LocalTime } from '@/components/ui/LocalTime'
import { errorMessage } from '@/components/api-client'
import { McpToolBadge } from '@/components/mcp-endpoint/McpToolBadge'
import { useDuplicateWorkflow, useWorkflowsQuery } from '@/components/queries/workflows'
import { DeleteWorkflowDialog } from '@/components/workflows/DeleteWorkflowDialog'
import { TemplateGalleryDialog } from '@/components/workflows/TemplateGalleryDialog'
import { WorkflowDetailsDialog } from '@/components/workflows/WorkflowDetailsDialog'
import type { WorkflowSummary } from '@/lib/contracts/workflows'
import { useCurrentWorkspace, useCurrentWorkspaceAccess } from '@/components/workspaces/CurrentWorkspaceProvider'
import { MoveWorkflowDialog } from '@/components/workspaces/MoveWorkflowDialog'
import { WorkspaceBadge } from '@/components/workspaces/WorkspaceBadge'
import { WorkspaceScopeToggle } from '@/components/workspaces/WorkspaceScopeToggle'
import { canEdit } from '@/components/workspaces/current-workspace'
import { useWorkspaceScope } from '@/components/workspaces/use-workspace-scope'

const WORKFLOW_COLUMNS = [
  { label: 'Name' },
  { label: 'Latest version' },
  { label: 'Updated' },
  { label: 'Runs', hidden: true },
  { label: 'Actions', hidden: true },
]

const newestChangeFirst = (workflows: readonly WorkflowSummary[]) => [...workflows].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))

/**
 * The workflows, newest change first, each with its details (name, description), a copy and
 * delete; "New workflow" opens a draft, created only when it is first saved or named ("New from template" too,
 * from a template of the gallery).
 */
export function WorkflowList() {
  const scope = useWorkspaceScope()
  const { byId } = useCurrentWorkspace()
  const list = useWorkflowsQuery({ workspaceId: scope.workspaceId })
  const workflows = useMemo(() => (list.data ? newestChangeFirst(list.data) : undefined), [list.data])
  const duplicate = useDuplicateWorkflow()
  const [editing, setEditing] = useState<WorkflowSummary | null>(null)
  const [deleting, setDeleting] = useState<WorkflowSummary | null>(null)
  const [galleryOpen, setGalleryOpen] = useState(false)
  const [moving, setMoving] = useState<WorkflowSummary | null>(null)
  // What the person may do to a workflow follows their role in its workspace; new ones go into the current one.
  const editsIn = (workspaceId: string | null) => canEdit(byId(workspaceId)?.role)
  const mayCreate = useCurrentWorkspaceAccess().canEdit

  return (
    <>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Workflows</h1>
          <p className="mt-1 text-sm text-zinc-600">Design agent workflows on a canvas, save versions and run them.</p>
        </div>
        <div className="flex items-center gap-2">
          <WorkspaceScopeToggle scope={scope} />
          {mayCreate ? (
            <>
              <Button variant="secondary" data-testid="new-from-template" onClick={() => setGalleryOpen(true)}>
                New from template
              </Button>
              <IntentLink
                href="/workflows/new"
                data-testid="new-workflow"
                className="inline-flex h-9 items-center rounded-md bg-indigo-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                New workflow
              </IntentLink>
            </>
          ) : null}
        </div>
      </div>
      {duplicate.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not duplicate the workflow: {errorMessage(duplicate.error)}
        </p>
      ) : null}
      {list.isPending ? <p className="text-sm text-zinc-500">Loading workflows…</p> : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load workflows: {errorMessage(list.error)}
        </p>
      ) : null}
      {workflows?.length === 0 ? <EmptyListNotice>{mayCreate ? 'No workflows yet. Start a new one to draw.' : 'No workflows yet.'}</EmptyListNotice> : null}
      {workflows && workflows.length > 0 ? (
        <ListTable testId="workflow-list" columns={WORKFLOW_COLUMNS}>
          {workflows.map((workflow) => (
            <tr key={workflow.id} data-testid={`workflow-row-${workflow.id}`} className="hover:bg-zinc-50">
              <td className="px-4 py-2.5">
                <IntentLink href={`/workflows/${encodeURIComponent(workflow.id)}`} className="font-medium text-zinc-900 hover:text-indigo-600 hover:underline">
                  {workflow.name}
                </IntentLink>
                <McpToolBadge offer={workflow.mcpTool} testId={`workflow-mcp-tool-${workflow.id}`} />
                {scope.all ? <WorkspaceBadge workspaceId={workflow.workspaceId} /> : null}
                {workflow.description ? <p className="mt-0.5 line-clamp-1 text-xs text-zinc-500">{workflow.description}</p> : null}
              </td>
              <td className="px-4 py-2.5 text-zinc-600">{workflow.latestVersion === null ? '—' : `v${workflow.latestVersion}`}</td>
              <td className="px-4 py-2.5 text-zinc-600">
                <LocalTime iso={workflow.updatedAt} />
              </td>
              <td className="px-4 py-2.5 text-right">
                <IntentLink
                  href={`/runs?workflowId=${encodeURIComponent(workflow.id)}`}
                  className="text-xs text-zinc-500 hover:text-indigo-600 hover:underline"
                >
                  Runs{workflow.runCount > 0 ? ` (${workflow.runCount})` : ''}
                </IntentLink>
              </td>
              <td className="px-4 py-2.5 text-right whitespace-nowrap">
                {editsIn(workflow.workspaceId) ? (
                  <>
                    <Button size="sm" variant="ghost" data-testid={`workflow-details-${workflow.id}`} onClick={() => setEditing(workflow)}>
                      Details
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      data-testid={`workflow-duplicate-${workflow.id}`}
                      disabled={duplicate.isPending}
                      onClick={() => duplicate.mutate({ id: workflow.id })}
                    >
                      Duplicate
                    </Button>
                    <Button size="sm" variant="ghost" data-testid={`workflow-move-${workflow.id}`} onClick={() => setMoving(workflow)}>
                      Move…
                    </Button>
                    <Button size="sm" variant="ghost" data-testid={`workflow-delete-${workflow.id}`} onClick={() => setDeleting(workflow)}>
                      Delete
                    </Button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {editing ? <WorkflowDetailsDialog workflow={editing} onClose={() => setEditing(null)} /> : null}
      <TemplateGalleryDialog open={galleryOpen} onClose={() => setGalleryOpen(false)} />
      {moving ? <MoveWorkflowDialog workflow={moving} onClose={() => setMoving(null)} /> : null}
      {deleting ? <DeleteWorkflowDialog workflow={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} /> : null}
    </>
  )
}
