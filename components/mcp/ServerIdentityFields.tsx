'use client'

import { useId, useState } from 'react'
import { Field, Input, Textarea } from '@/components/ui'
import { slugFromName, type FieldErrors, type FormChange, type ServerForm } from './server-form'

export interface ServerIdentityFieldsProps {
  form: ServerForm
  /** Editing a saved server: its id is fixed. */
  editing: boolean
  errors: FieldErrors
  onChange: FormChange
}

/** Name, id and description of a server. */
export function ServerIdentityFields({ form, editing, errors, onChange }: ServerIdentityFieldsProps) {
  const ids = useId()
  // The id follows the name until the person types an id of their own.
  const [idTouched, setIdTouched] = useState(editing)

  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Name" htmlFor={`${ids}-name`} error={errors.name}>
          <Input
            id={`${ids}-name`}
            data-testid="mcp-field-name"
            value={form.name}
            autoFocus
            onChange={(event) => onChange({ name: event.target.value, ...(idTouched ? {} : { id: slugFromName(event.target.value) }) })}
          />
        </Field>
        <Field
          label="Id"
          htmlFor={`${ids}-id`}
          error={errors.id}
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
              onChange({ id: event.target.value })
            }}
          />
        </Field>
      </div>
      <Field label="Description" htmlFor={`${ids}-description`} error={errors.description}>
        <Textarea
          id={`${ids}-description`}
          data-testid="mcp-field-description"
          rows={2}
          value={form.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </Field>
    </>
  )
}
