'use client'

import { useState } from 'react'
import { Button, Input, Select, Textarea } from '@/components/ui'
import type { EvaluatorSpecInput } from '@/lib/contracts/evaluators'
import { EVALUATOR_FORMS, specValue, withSpecValue, type EvaluatorField } from './evaluator-forms'

export interface EvaluatorEditorProps {
  spec: EvaluatorSpecInput
  index: number
  onChange: (spec: EvaluatorSpecInput) => void
  onRemove: () => void
}

/** One evaluator of an experiment: the form of its kind. */
export function EvaluatorEditor({ spec, index, onChange, onRemove }: EvaluatorEditorProps) {
  const form = EVALUATOR_FORMS[spec.kind]
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3" data-testid="evaluator" data-kind={spec.kind}>
      <legend className="flex items-center gap-2 px-1 text-xs font-semibold text-zinc-700">
        {form.label}
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove evaluator ${index + 1}`}>
          Remove
        </Button>
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {form.fields.map((field) => (
          <EvaluatorFieldInput
            key={field.path}
            field={field}
            value={specValue(spec, field.path)}
            onChange={(value) => onChange(withSpecValue(spec, field.path, value))}
          />
        ))}
      </div>
    </fieldset>
  )
}

function EvaluatorFieldInput({ field, value, onChange }: { field: EvaluatorField; value: unknown; onChange: (value: unknown) => void }) {
  const label = (
    <span className="text-xs font-medium text-zinc-600">
      {field.label}
      {field.help ? <span className="ml-1 font-normal text-zinc-400">{field.help}</span> : null}
    </span>
  )
  if (field.type === 'boolean') {
    return (
      <label className="col-span-1 flex items-center gap-2 text-xs text-zinc-700">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        {field.label}
      </label>
    )
  }
  if (field.type === 'json') return <JsonInput label={label} field={field} value={value} onChange={onChange} />
  const wide = field.type === 'longtext' || field.path === 'value' || field.path === 'pattern'
  return (
    <label className={`flex flex-col gap-1 ${wide ? 'col-span-2' : ''}`}>
      {label}
      {field.type === 'longtext' ? (
        <Textarea
          rows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          data-testid={`evaluator-${field.path}`}
        />
      ) : field.type === 'choice' ? (
        <Select
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          options={(field.choices ?? []).map((choice) => ({ value: choice, label: choice }))}
        />
      ) : field.type === 'number' ? (
        <Input
          type="number"
          step="any"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          data-testid={`evaluator-${field.path}`}
        />
      ) : (
        <Input
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          data-testid={`evaluator-${field.path}`}
        />
      )}
    </label>
  )
}

/** JSON typed as text: the spec changes once the text parses; until then the text stays and says it is not JSON. */
function JsonInput({ label, field, value, onChange }: { label: React.ReactNode; field: EvaluatorField; value: unknown; onChange: (value: unknown) => void }) {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value, null, 2))
  const [bad, setBad] = useState(false)
  return (
    <label className="col-span-2 flex flex-col gap-1">
      {label}
      <Textarea
        rows={3}
        className="font-mono text-xs"
        aria-invalid={bad}
        value={text}
        data-testid={`evaluator-${field.path}`}
        onChange={(event) => {
          setText(event.target.value)
          if (event.target.value.trim() === '') {
            setBad(false)
            onChange(undefined)
            return
          }
          try {
            onChange(JSON.parse(event.target.value) as unknown)
            setBad(false)
          } catch {
            setBad(true)
          }
        }}
      />
      {bad ? <span className="text-xs text-red-600">Not JSON yet.</span> : null}
    </label>
  )
}
