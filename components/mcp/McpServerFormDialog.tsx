'use client'

import { useId, useState, type FormEvent } from 'react'
import { Button, Dialog, Field, Input, Select, Textarea } from '@/components/ui'
import { ApiError, errorMessage } from '@/components/api-client'
import { ArgsEditor } from './ArgsEditor'
import { affectedWorkflowsOf, createMcpServer, updateMcpServer } from './mcp-api'
import type { McpServerDetail, McpTransport, StdioAccess, WorkflowReference } from '@/lib/contracts/mcp-servers'
import { SecretRowsEditor } from './SecretRowsEditor'
import { WorkflowReferenceList } from './WorkflowReferenceList'
import {
  commandHelp,
  createRequest,
  fieldErrorsFrom,
  initialForm,
  secretKindFor,
  slugFromName,
  transportOptions,
  updateRequest,
  type FormField,
  type ServerForm,
} from './server-form'

export interface McpServerFormDialogProps {
  /** The server being edited; absent when adding one. */
  server?: McpServerDetail
  /** What the person may do with stdio servers; null while unknown (the API decides then). */
  stdio: StdioAccess | null
  onClose: () => void
  onSaved: (server: McpServerDetail) => void
}

const URL_PLACEHOLDER: Record<Exclude<McpTransport, 'stdio'>, string> = {
  http: 'https://tools.example.com/mcp',
  websocket: 'wss://tools.example.com/mcp',
}

/** Add or edit an MCP server. Mounted only while open, so each opening starts from the saved state. */
interface PendingConfirmation {
  affected: WorkflowReference[]
  others: number
}

export function McpServerFormDialog({ server, stdio, onClose, onSaved }: McpServerFormDialogProps) {
  const ids = useId()
  const editing = server !== undefined
  const [form, setForm] = useState<ServerForm>(() => initialForm(server, stdio))
  // Set when the API answered that workflows use the server: the next save confirms the change.
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null)
  // The id follows the name until the person types an id of their own.
  const [idTouched, setIdTouched] = useState(editing)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FormField, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const set = (change: Partial<ServerForm>) => {
    setForm((current) => ({ ...current, ...change }))
    // A different change needs its own confirmation.
    setConfirmation(null)
  }
  const kind = secretKindFor(form.transport)
  // What a stdio server runs is an admin's to change; others see it, greyed out, with the reason.
  const stdioLocked = form.transport === 'stdio' && stdio !== null && !stdio.canConfigure

  async function save(event?: FormEvent) {
    event?.preventDefault()
    setBusy(true)
    setError(null)
    setFieldErrors({})
    try {
      const confirm = confirmation !== null
      const saved = server ? await updateMcpServer(server.id, { ...updateRequest(form, server), ...(confirm ? { confirm } : {}) }) : await createMcpServer(createRequest(form))
      onSaved(saved)
    } catch (cause) {
      const affected = affectedWorkflowsOf(cause)
      if (affected) {
        setConfirmation(affected)
        return
      }
      setError(errorMessage(cause))
      if (cause instanceof ApiError) setFieldErrors(fieldErrorsFrom(cause.details))
    } finally {
      setBusy(false)
    }
  }

  const footer = (
    <>
      <Button onClick={onClose}>Cancel</Button>
      {confirmation ? (
        <Button variant="danger" data-testid="mcp-save-confirm" disabled={busy} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Change it for these workflows'}
        </Button>
      ) : (
        <Button variant="primary" data-testid="mcp-save" disabled={busy} onClick={() => void save()}>
          {busy ? 'Saving…' : editing ? 'Save changes' : 'Add server'}
        </Button>
      )}
    </>
  )

  return (
    <Dialog open onClose={onClose} title={editing ? `Edit ${server.name}` : 'Add an MCP server'} footer={footer} className="max-w-2xl">
      <form className="flex max-h-[65vh] flex-col gap-3 overflow-y-auto pr-1" onSubmit={(event) => void save(event)} data-testid="mcp-server-form">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Name" htmlFor={`${ids}-name`} error={fieldErrors.name}>
            <Input
              id={`${ids}-name`}
              data-testid="mcp-field-name"
              value={form.name}
              autoFocus
              onChange={(event) => set({ name: event.target.value, ...(idTouched ? {} : { id: slugFromName(event.target.value) }) })}
            />
          </Field>
          <Field
            label="Id"
            htmlFor={`${ids}-id`}
            error={fieldErrors.id}
            help={editing ? 'Fixed: workflows refer to the server by it.' : 'Prefixes its tools: id_toolname. Lowercase letters, digits, "-".'}
          >
            <Input
              id={`${ids}-id`}
              data-testid="mcp-field-id"
              className="font-mono"
              value={form.id}
              readOnly={editing}
              onChange={(event) => {
                setIdTouched(true)
                set({ id: event.target.value })
              }}
            />
          </Field>
        </div>
        <Field label="Description" htmlFor={`${ids}-description`} error={fieldErrors.description}>
          <Textarea id={`${ids}-description`} data-testid="mcp-field-description" rows={2} value={form.description} onChange={(event) => set({ description: event.target.value })} />
        </Field>
        <Field
          label="Transport"
          htmlFor={`${ids}-transport`}
          error={fieldErrors.transport}
          help={stdio && !stdio.canConfigure ? `stdio (local command) servers: ${stdio.reason}` : undefined}
        >
          <Select
            id={`${ids}-transport`}
            data-testid="mcp-field-transport"
            options={transportOptions(stdio, server?.transport)}
            value={form.transport}
            onChange={(event) => set({ transport: event.target.value as McpTransport })}
          />
        </Field>

        {form.transport === 'stdio' ? (
          // A disabled fieldset disables every control inside it, the env rows below included.
          <fieldset disabled={stdioLocked} className="flex flex-col gap-3" data-testid="mcp-stdio-fields">
            {stdioLocked ? (
              <p className="rounded-md bg-zinc-100 px-3 py-2 text-xs text-zinc-700" data-testid="mcp-stdio-locked">
                {stdio?.reason}
              </p>
            ) : null}
            <Field label="Command" htmlFor={`${ids}-command`} error={fieldErrors.command} help={commandHelp(stdio)}>
              <Input id={`${ids}-command`} data-testid="mcp-field-command" className="font-mono" placeholder="node" value={form.command} onChange={(event) => set({ command: event.target.value })} />
            </Field>
            <ArgsEditor args={form.args} onChange={(args) => set({ args })} error={fieldErrors.args} />
            <Field label="Working directory" htmlFor={`${ids}-cwd`} error={fieldErrors.cwd} help="Optional; relative paths start at the app's directory.">
              <Input id={`${ids}-cwd`} data-testid="mcp-field-cwd" className="font-mono" value={form.cwd} onChange={(event) => set({ cwd: event.target.value })} />
            </Field>
            <SecretRowsEditor kind="env" rows={form.env} onChange={(rows) => set({ env: rows })} error={fieldErrors.env} />
          </fieldset>
        ) : (
          <Field label="URL" htmlFor={`${ids}-url`} error={fieldErrors.url ?? fieldErrors.config}>
            <Input
              id={`${ids}-url`}
              data-testid="mcp-field-url"
              className="font-mono"
              placeholder={URL_PLACEHOLDER[form.transport]}
              value={form.url}
              onChange={(event) => set({ url: event.target.value })}
            />
          </Field>
        )}

        {kind === 'headers' ? <SecretRowsEditor kind="headers" rows={form.headers} onChange={(rows) => set({ headers: rows })} error={fieldErrors.headers} /> : null}

        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" data-testid="mcp-field-enabled" checked={form.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
          Enabled
        </label>
        <div className="flex items-start gap-2 text-sm text-zinc-700">
          <input
            id={`${ids}-on-demand`}
            type="checkbox"
            className="mt-0.5"
            data-testid="mcp-field-load-tools-on-demand"
            aria-describedby={`${ids}-on-demand-hint`}
            disabled={form.shareConnection}
            checked={form.loadToolsOnDemand}
            onChange={(event) => set({ loadToolsOnDemand: event.target.checked })}
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={`${ids}-on-demand`}>Load tools on demand</label>
            <p id={`${ids}-on-demand-hint`} className="text-xs text-zinc-500">
              The agent lists this server&apos;s tools and loads the ones it needs — for servers with many tools.
            </p>
          </div>
        </div>
        <div className="flex items-start gap-2 text-sm text-zinc-700">
          <input
            id={`${ids}-share`}
            type="checkbox"
            className="mt-0.5"
            data-testid="mcp-field-share-connection"
            aria-describedby={`${ids}-share-hint`}
            // Tools loaded on demand belong to the connection: a shared one would carry them from run to run.
            disabled={form.loadToolsOnDemand}
            checked={form.shareConnection}
            onChange={(event) => set({ shareConnection: event.target.checked })}
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={`${ids}-share`}>Share one connection across runs</label>
            <p id={`${ids}-share-hint`} className="text-xs text-zinc-500">
              Faster starts. A shared connection cannot ask for sampling or for information, and cannot load tools on demand.
            </p>
          </div>
        </div>
        {confirmation ? (
          <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900" data-testid="mcp-confirm-affected">
            <p className="text-sm">
              {confirmation.affected.length + confirmation.others === 1 ? 'A workflow uses' : `${confirmation.affected.length + confirmation.others} workflows use`} this server. Every run
              of {confirmation.affected.length + confirmation.others === 1 ? 'it' : 'them'} will run the new configuration. The change is recorded in the audit log.
            </p>
            <WorkflowReferenceList references={confirmation.affected} />
            {confirmation.others > 0 ? (
              <p className="text-xs">
                And {confirmation.others} {confirmation.others === 1 ? 'workflow' : 'workflows'} of other people.
              </p>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p role="alert" data-testid="mcp-error" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
            {error}
          </p>
        ) : null}
        {/* Lets Enter in a text field submit the form. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}
