'use client'

import { useId } from 'react'
import { Field, Input } from '@/components/ui'
import type { StdioAccess } from '@/lib/contracts/mcp-servers'
import { ArgsEditor } from './ArgsEditor'
import { SecretRowsEditor } from './SecretRowsEditor'
import { commandHelp, type FieldErrors, type FormChange, type ServerForm } from './server-form'

export interface StdioFieldsProps {
  form: ServerForm
  /** What the person may do with stdio servers; null while unknown (the API decides then). */
  stdio: StdioAccess | null
  errors: FieldErrors
  onChange: FormChange
}

/** What a stdio server runs: command, arguments, working directory and (secret) environment. */
export function StdioFields({ form, stdio, errors, onChange }: StdioFieldsProps) {
  const ids = useId()
  // What a stdio server runs is an admin's to change; others see it, greyed out, with the reason.
  const locked = stdio !== null && !stdio.canConfigure

  return (
    // A disabled fieldset disables every control inside it, the env rows included.
    <fieldset disabled={locked} className="flex flex-col gap-3" data-testid="mcp-stdio-fields">
      {locked ? (
        <p className="rounded-md bg-zinc-100 px-3 py-2 text-xs text-zinc-700" data-testid="mcp-stdio-locked">
          {stdio.reason}
        </p>
      ) : null}
      <Field label="Command" htmlFor={`${ids}-command`} error={errors.command} help={commandHelp(stdio)}>
        <Input
          id={`${ids}-command`}
          data-testid="mcp-field-command"
          className="font-mono"
          placeholder="node"
          value={form.command}
          onChange={(event) => onChange({ command: event.target.value })}
        />
      </Field>
      <ArgsEditor args={form.args} onChange={(args) => onChange({ args })} error={errors.args} />
      <Field label="Working directory" htmlFor={`${ids}-cwd`} error={errors.cwd} help="Optional; relative paths start at the app's directory.">
        <Input
          id={`${ids}-cwd`}
          data-testid="mcp-field-cwd"
          className="font-mono"
          value={form.cwd}
          onChange={(event) => onChange({ cwd: event.target.value })}
        />
      </Field>
      <SecretRowsEditor kind="env" rows={form.env} onChange={(env) => onChange({ env })} error={errors.env} />
    </fieldset>
  )
}
