'use client'

import { useCallback, useEffect, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { Button, Dialog } from '@/components/ui'
import { LoadErrorsPanel } from './LoadErrorsPanel'
import { NewSkillForm } from './NewSkillForm'
import { SkillDetailDialog } from './SkillDetailDialog'
import { SkillList } from './SkillList'
import { deleteSkill, listSkills } from './skills-api'
import type { SkillList as SkillListData } from '@/lib/contracts/skills'

type ListState = { state: 'loading' } | { state: 'ready'; data: SkillListData } | { state: 'error'; message: string }

/** The skills page: the library's skills and load warnings, a "New skill" form, details and deletion. */
export function SkillsLibrary() {
  const [list, setList] = useState<ListState>({ state: 'loading' })
  const [creating, setCreating] = useState(false)
  const [openName, setOpenName] = useState<string>()
  const [deleting, setDeleting] = useState<string>()

  const reload = useCallback(async () => {
    try {
      setList({ state: 'ready', data: await listSkills() })
    } catch (error) {
      setList({ state: 'error', message: errorMessage(error) })
    }
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  return (
    <>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Skills</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Instructions, resources and scripts an agent can load when it needs them. Pick them per agent in the workflow editor. Skills you
            create here are stored in the database; file skills come from directories on the server and are changed there.
          </p>
        </div>
        <Button variant="primary" data-testid="skill-new" onClick={() => setCreating(true)} disabled={creating}>
          New skill
        </Button>
      </div>
      {creating ? (
        <NewSkillForm
          onCancel={() => setCreating(false)}
          onCreated={() => {
            setCreating(false)
            void reload()
          }}
        />
      ) : null}
      {list.state === 'loading' ? <p className="text-sm text-zinc-500">Loading skills…</p> : null}
      {list.state === 'error' ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Could not load skills: {list.message}
          <Button size="sm" className="ml-3" onClick={() => void reload()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.state === 'ready' ? (
        <>
          <LoadErrorsPanel errors={list.data.loadErrors} />
          <SkillList skills={list.data.skills} onOpen={setOpenName} onDelete={setDeleting} />
        </>
      ) : null}
      <SkillDetailDialog name={openName} onClose={() => setOpenName(undefined)} />
      <DeleteSkillDialog
        name={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={() => {
          setDeleting(undefined)
          void reload()
        }}
      />
    </>
  )
}

function DeleteSkillDialog({ name, onClose, onDeleted }: { name: string | undefined; onClose: () => void; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const confirm = async () => {
    if (name === undefined) return
    setBusy(true)
    setError(undefined)
    try {
      await deleteSkill(name)
      onDeleted()
    } catch (cause) {
      setError(errorMessage(cause))
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    setError(undefined)
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
          <Button variant="danger" data-testid="skill-delete-confirm" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <span className="sr-only">Confirm deletion</span>
      )}
    </Dialog>
  )
}
