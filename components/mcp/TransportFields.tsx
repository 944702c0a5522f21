'use client'

import { useId } from 'react'
import { Field, Input, Select } from '@/components/ui'
import type { McpTransport, StdioAccess } from '@/lib/contracts/mcp-servers'
import { SecretRowsEditor } from './SecretRowsEditor'
import { StdioFields } from './StdioFields'
import { transportOptions, type FieldErrors, type FormChange, type ServerForm } from './server-form'

const URL_PLACEHOLDER: Record<Exclude<McpTransport, 'stdio'>, string> = {
  http: 'https://tools.example.com/mcp',
  websocket: 'wss://tools.example.com/mcp',
}

export interface TransportFieldsProps {
  form: ServerForm
  /** What the person may do with stdio servers; null while unknown (the API decides then). */
  stdio: StdioAccess | null
  /** The transport of the server being edited: a stdio server may stay stdio even for those who may not add one. */
  savedTransport?: McpTransport
  errors: FieldErrors
  onChange: FormChange
}

/** How to reach the server: the transport, then a command to run (stdio) or a URL with its secret headers. */
export function TransportFields({ form, stdio, savedTransport, errors, onChange }: TransportFieldsProps) {
  const ids = useId()

  return (
    <>
      <Field
        label="Transport"
        htmlFor={`${ids}-transport`}
        error={errors.transport}
        help={stdio && !stdio.canConfigure ? `stdio (local command) servers: ${stdio.reason}` : undefined}
      >
        <Select
          id={`${ids}-transport`}
          data-testid="mcp-field-transport"
          options={transportOptions(stdio, savedTransport)}
          value={form.transport}
          onChange={(event) => onChange({ transport: event.target.value as McpTransport })}
        />
      </Field>
      {form.transport === 'stdio' ? (
        <StdioFields form={form} stdio={stdio} errors={errors} onChange={onChange} />
      ) : (
        <>
          <Field label="URL" htmlFor={`${ids}-url`} error={errors.url ?? errors.config}>
            <Input
              id={`${ids}-url`}
              data-testid="mcp-field-url"
              className="font-mono"
              placeholder={URL_PLACEHOLDER[form.transport]}
              value={form.url}
              onChange={(event) => onChange({ url: event.target.value })}
            />
          </Field>
          <SecretRowsEditor kind="headers" rows={form.headers} onChange={(headers) => onChange({ headers })} error={errors.headers} />
        </>
      )}
    </>
  )
}
