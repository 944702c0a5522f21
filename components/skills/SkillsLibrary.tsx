'use client'

import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useDeleteSkill, useSkillsQuery } from '@/components/queries/skills'
import { Button, Dialog } from '@/components/ui'
import { useCurrentWorkspaceAccess } from '@/components/workspaces/CurrentWorkspaceProvider'
import { LoadErrorsPanel } from './LoadErrorsPanel'
import { SKILL_TEMPLATE } from './skill-form'
import { SkillDetailDialog } from './SkillDetailDialog'
import { SkillEditorForm } from './SkillEditorForm'
import { SkillFolderImport } from './SkillFolderImport'
import { SkillList } from './SkillList'

/**
 * The skills page: the library's skills and load warnings, a "New skill" editor, a folder import, details (and editing)
 * and deletion — the changes only for an editor of the current workspace.
 */
export function SkillsLibrary() {
  const { canEdit } = useCurrentWorkspaceAccess()
  const list = useSkillsQuery()
  const [creating, setCreating] = useState<'new' | 'folder'>()
  const [openName, setOpenName] = useState<string>()
  const [deleting, setDeleting] = useState<string>()

  return (
    <>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Skills</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Instructions, resources and scripts an agent can load when it needs them. Pick them per agent in the workflow editor. Skills you create here are
            stored in the database; file skills come from directories on the server and are changed there.
          </p>
        </div>
        {canEdit ? (
          <div className="flex shrink-0 gap-2">
            <Button data-testid="skill-import-open" onClick={() => setCreating('folder')} disabled={creating !== undefined}>
              Import a folder
            </Button>
            <Button variant="primary" data-testid="skill-new" onClick={() => setCreating('new')} disabled={creating !== undefined}>
              New skill
            </Button>
          </div>
        ) : null}
      </div>
      {creating === 'new' ? (
        <div className="rounded-lg border border-zinc-200 bg-white p-4">
          <SkillEditorForm initialContent={SKILL_TEMPLATE} onCancel={() => setCreating(undefined)} onSaved={() => setCreating(undefined)} />
        </div>
      ) : null}
      {creating === 'folder' ? <SkillFolderImport onCancel={() => setCreating(undefined)} onSaved={() => setCreating(undefined)} /> : null}
      {list.isPending ? <p className="text-sm text-zinc-500">Loading skills…</p> : null}
      {list.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Could not load skills: {errorMessage(list.error)}
          <Button size="sm" className="ml-3" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.isSuccess ? (
        <>
          <LoadErrorsPanel errors={list.data.loadErrors} />
          <SkillList skills={list.data.skills} onOpen={setOpenName} onDelete={canEdit ? setDeleting : undefined} />
        </>
      ) : null}
      <SkillDetailDialog name={openName} editable={canEdit} onClose={() => setOpenName(undefined)} onRenamed={setOpenName} />
      <DeleteSkillDialog name={deleting} onClose={() => setDeleting(undefined)} onDeleted={() => setDeleting(undefined)} />
    </>
  )
}

function DeleteSkillDialog({ name, onClose, onDeleted }: { name: string | undefined; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteSkill()

  const confirm = () => {
    if (name !== undefined) remove.mutate(name, { onSuccess: onDeleted })
  }

  const close = () => {
    remove.reset()
    onClose()
  }

  return (
    <Dialog
      open={name !== undefined}
      onClose={close}
      title={`Delete skill ${name ?? ''}?`}
      description="Agents that list this skill will fail to start until it is removed from them or created again."
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" data-testid="skill-delete-confirm" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      {remove.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(remove.error)}
        </p>
      ) : (
        <span className="sr-only">Confirm deletion</span>
      )}
    </Dialog>
  )
}
