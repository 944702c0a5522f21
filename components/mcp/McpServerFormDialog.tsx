'use client'

import { useState, type FormEvent } from 'react'
import { Button, Dialog } from '@/components/ui'
import type { McpServerDetail, StdioAccess } from '@/lib/contracts/mcp-servers'
import { AffectedWorkflowsNotice } from './AffectedWorkflowsNotice'
import { ConnectionOptions } from './ConnectionOptions'
import { ServerIdentityFields } from './ServerIdentityFields'
import { TransportFields } from './TransportFields'
import { initialForm, type ServerForm } from './server-form'
import { useServerFormSubmit, type ServerFormSubmit } from './use-server-form-submit'

export interface McpServerFormDialogProps {
  /** The server being edited, as saved; absent when adding one. */
  server?: McpServerDetail
  /** What the person may do with stdio servers; null while unknown (the API decides then). */
  stdio: StdioAccess | null
  onClose: () => void
  onSaved: (server: McpServerDetail) => void
}

/** Add or edit an MCP server. Mounted only while open, so each opening starts from the saved state. */
export function McpServerFormDialog({ server, stdio, onClose, onSaved }: McpServerFormDialogProps) {
  const editing = server !== undefined
  const [form, setForm] = useState<ServerForm>(() => initialForm(server, stdio))
  const submit = useServerFormSubmit(server, onSaved)

  const change = (fields: Partial<ServerForm>) => {
    setForm((current) => ({ ...current, ...fields }))
    submit.forgetConfirmation()
  }
  const save = (event?: FormEvent) => {
    event?.preventDefault()
    submit.save(form)
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? `Edit ${server.name}` : 'Add an MCP server'}
      footer={<FormButtons submit={submit} editing={editing} onCancel={onClose} onSave={save} />}
      size="2xl"
    >
      <form className="flex max-h-[65vh] flex-col gap-3 overflow-y-auto pr-1" onSubmit={save} data-testid="mcp-server-form">
        <ServerIdentityFields form={form} editing={editing} errors={submit.fieldErrors} onChange={change} />
        <TransportFields form={form} stdio={stdio} savedTransport={server?.transport} errors={submit.fieldErrors} onChange={change} />
        <ConnectionOptions form={form} onChange={change} />
        {submit.confirmation ? <AffectedWorkflowsNotice confirmation={submit.confirmation} /> : null}
        {submit.error ? (
          <p role="alert" data-testid="mcp-error" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
            {submit.error}
          </p>
        ) : null}
        {/* Lets Enter in a text field submit the form. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}

/** Cancel, and save — or, once the API asked, confirm the change for the workflows that use the server. */
function FormButtons({ submit, editing, onCancel, onSave }: { submit: ServerFormSubmit; editing: boolean; onCancel: () => void; onSave: () => void }) {
  return (
    <>
      <Button onClick={onCancel}>Cancel</Button>
      {submit.confirmation ? (
        <Button variant="danger" data-testid="mcp-save-confirm" disabled={submit.busy} onClick={() => onSave()}>
          {submit.busy ? 'Saving…' : 'Change it for these workflows'}
        </Button>
      ) : (
        <Button variant="primary" data-testid="mcp-save" disabled={submit.busy} onClick={() => onSave()}>
          {submit.busy ? 'Saving…' : editing ? 'Save changes' : 'Add server'}
        </Button>
      )}
    </>
  )
}
