'use client'

import { useId } from 'react'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Select } from '@/components/ui/Select'
import type { InputField, InputProblem } from '@/lib/graph/start-input'
import type { RunFormValues } from './run-input-values'

/** The run dialog's form for a start node's declared input fields: one typed control per field, its problem under it. */
export function RunInputForm({
  fields,
  values,
  problems,
  onChange,
}: {
  fields: readonly InputField[]
  values: RunFormValues
  problems: readonly InputProblem[]
  onChange: (name: string, value: string | boolean) => void
}) {
  const baseId = useId()
  return (
    <div className="flex flex-col gap-3" data-testid="run-input-form">
      {fields.map((field) => {
        const id = `${baseId}-${field.name}`
        const error = problems.find((problem) => problem.field === field.name)?.message
        const testId = `run-input-${field.name}`
        const value = values[field.name]
        const label = field.required ? `${field.name} *` : field.name
        return (
          <Field key={field.name} label={label} htmlFor={id} help={field.description || undefined} error={error}>
            {field.type === 'boolean' ? (
              <input
                id={id}
                type="checkbox"
                data-testid={testId}
                className="h-4 w-4 accent-indigo-600"
                checked={value === true}
                onChange={(event) => onChange(field.name, event.target.checked)}
              />
            ) : field.type === 'enum' ? (
              <Select
                id={id}
                data-testid={testId}
                aria-invalid={error ? true : undefined}
                options={[{ value: '', label: 'Choose…' }, ...field.options.map((option) => ({ value: option, label: option }))]}
                value={String(value ?? '')}
                onChange={(event) => onChange(field.name, event.target.value)}
              />
            ) : (
              <Input
                id={id}
                data-testid={testId}
                aria-invalid={error ? true : undefined}
                type={field.type === 'string' ? 'text' : 'number'}
                step={field.type === 'integer' ? 1 : 'any'}
                value={String(value ?? '')}
                onChange={(event) => onChange(field.name, event.target.value)}
              />
            )}
          </Field>
        )
      })}
    </div>
  )
}
