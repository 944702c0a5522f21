'use client'

import dynamic from 'next/dynamic'
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useCanvasStore } from '@/components/canvas/CanvasStoreProvider'
import { useDuplicateWorkflow, useWorkflowsQuery } from '@/components/queries/workflows'

// The dialogs load when first opened: the editor's first paint does not need their code.
const WorkflowDetailsDialog = dynamic(() => import('./WorkflowDetailsDialog').then((module) => module.WorkflowDetailsDialog), { ssr: false })
const DeleteWorkflowDialog = dynamic(() => import('./DeleteWorkflowDialog').then((module) => module.DeleteWorkflowDialog), { ssr: false })

const ITEM = 'block w-full rounded px-3 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-100 disabled:text-zinc-400'

/**
 * The editor's "More" menu: the workflow's details (name, description), a copy of it, and deleting it. Not offered on a draft.
 * The workflow list (its description and run count) is asked for when the menu is about to open, not with the editor.
 */
export function WorkflowActionsMenu() {
  const router = useRouter()
  const { workflowId, name, setName } = useCanvasStore((s) => ({ workflowId: s.workflowId, name: s.name, setName: s.setName }))
  const [wanted, setWanted] = useState(false)
  const want = () => setWanted(true)
  const summary = useWorkflowsQuery({ enabled: wanted }).data?.find((workflow) => workflow.id === workflowId)
  const duplicate = useDuplicateWorkflow()
  const menu = useRef<HTMLDetailsElement>(null)
  const [dialog, setDialog] = useState<'details' | 'delete' | null>(null)
  if (workflowId === '') return null
  const open = (which: 'details' | 'delete') => {
    menu.current?.removeAttribute('open')
    setDialog(which)
  }

  return (
    <>
      <details ref={menu} className="relative" onToggle={want}>
        <summary
          onPointerEnter={want}
          onFocus={want}
          data-testid="workflow-actions"
          aria-label="More workflow actions"
          className="flex h-8 cursor-pointer list-none items-center rounded-md px-2 text-sm text-zinc-600 hover:bg-zinc-100"
        >
          More ▾
        </summary>
        <div className="absolute right-0 z-20 mt-1 w-44 rounded-md border border-zinc-200 bg-white p-1 shadow-lg" role="menu">
          <button type="button" role="menuitem" data-testid="workflow-action-details" className={ITEM} disabled={!summary} onClick={() => open('details')}>
            Name and description…
          </button>
          <button
            type="button"
            role="menuitem"
            data-testid="workflow-action-duplicate"
            className={ITEM}
            disabled={duplicate.isPending}
            onClick={() => duplicate.mutate({ id: workflowId }, { onSuccess: ({ workflow }) => router.push(`/workflows/${encodeURIComponent(workflow.id)}`) })}
          >
            {duplicate.isPending ? 'Duplicating…' : 'Duplicate'}
          </button>
          {/* The dialog offers to delete the runs too: it waits for the run count. */}
          <button
            type="button"
            role="menuitem"
            data-testid="workflow-action-delete"
            className={`${ITEM} text-red-700`}
            disabled={!summary}
            onClick={() => open('delete')}
          >
            Delete…
          </button>
          {duplicate.isError ? (
            <p role="alert" className="px-3 py-1 text-xs text-red-700">
              {errorMessage(duplicate.error)}
            </p>
          ) : null}
        </div>
      </details>
      {dialog === 'details' ? (
        <WorkflowDetailsDialog
          workflow={{ id: workflowId, name, description: summary?.description ?? '' }}
          onClose={() => setDialog(null)}
          onSaved={(saved) => setName(saved.name)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteWorkflowDialog
          workflow={{ id: workflowId, name, runCount: summary?.runCount ?? 0 }}
          onClose={() => setDialog(null)}
          onDeleted={() => router.push('/workflows')}
        />
      ) : null}
    </>
  )
}
