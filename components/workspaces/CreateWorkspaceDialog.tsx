'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { FormError } from '@/components/account/FormError'
import { errorMessage } from '@/components/api-client'
import { useCreateWorkspace } from '@/components/queries/workspaces'
import { Button, Dialog, Field, Input } from '@/components/ui'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'

/** Names a new team workspace; the person becomes its owner, works in it, and lands on its members to invite people. */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('')
  const create = useCreateWorkspace()
  const { select } = useCurrentWorkspace()
  const router = useRouter()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const workspace = await create.mutateAsync(name).catch(() => null)
    if (!workspace) return
    select(workspace.id)
    setName('')
    onClose()
    router.push(`/workspaces/${workspace.id}`)
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create a team workspace"
      description="Share workflows, agents, MCP servers and skills with people you invite, each with a role."
    >
      <form onSubmit={submit} className="flex flex-col gap-3" data-testid="create-workspace-form">
        <Field label="Name" htmlFor="workspace-name">
          <Input
            id="workspace-name"
            data-testid="create-workspace-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            autoFocus
            required
            placeholder="e.g. Support team"
          />
        </Field>
        <FormError message={create.error ? errorMessage(create.error) : null} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending || name.trim() === ''} data-testid="create-workspace-submit">
            Create workspace
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
