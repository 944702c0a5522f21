'use client'

import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Select } from '@/components/ui/Select'
import { STRUCTURED_FIELD_TYPES, StructuredFieldSchema, type StructuredField } from '@/lib/graph/node-data'
import type { FieldChange } from './field-types'

const TYPE_LABELS: Record<(typeof STRUCTURED_FIELD_TYPES)[number], string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
  string_list: 'List of texts',
}
const TYPE_OPTIONS = STRUCTURED_FIELD_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))

/** The small form editor of a structured reply: one row per field (name, type, required, description). */
export function StructuredFieldsEditor({
  label,
  testId,
  value,
  path,
  error,
  onChange,
}: {
  label: string
  testId: string
  value: StructuredField[]
  path: readonly (string | number)[]
  error?: string
  onChange: FieldChange
}) {
  const update = (index: number, patch: Partial<StructuredField>) =>
    onChange(
      path,
      value.map((field, at) => (at === index ? { ...field, ...patch } : field)),
    )
  return (
    <Field label={label} error={error} help="The reply is a JSON object with these fields; a reply that does not match fails the run.">
      <div className="flex flex-col gap-2" data-testid={testId}>
        {value.map((field, index) => (
          <div key={index} className="grid grid-cols-[1fr_8rem_auto_auto] items-center gap-2 rounded-md border border-zinc-200 p-2">
            <Input
              aria-label={`Field ${index + 1} name`}
              data-testid={`${testId}-${index}-name`}
              value={field.name}
              onChange={(e) => update(index, { name: e.target.value })}
            />
            <Select
              aria-label={`Field ${index + 1} type`}
              data-testid={`${testId}-${index}-type`}
              options={TYPE_OPTIONS}
              value={field.type}
              onChange={(e) => update(index, { type: e.target.value as StructuredField['type'] })}
            />
            <label className="flex items-center gap-1 text-xs text-zinc-600">
              <input
                type="checkbox"
                className="h-4 w-4 accent-indigo-600"
                checked={field.required}
                onChange={(e) => update(index, { required: e.target.checked })}
              />
              Required
            </label>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove field ${index + 1}`}
              onClick={() =>
                onChange(
                  path,
                  value.filter((_, at) => at !== index),
                )
              }
            >
              ×
            </Button>
            <Input
              aria-label={`Field ${index + 1} description`}
              className="col-span-4"
              placeholder="Description for the model (optional)"
              value={field.description}
              onChange={(e) => update(index, { description: e.target.value })}
            />
          </div>
        ))}
        <Button
          size="sm"
          className="self-start"
          data-testid={`${testId}-add`}
          onClick={() => onChange(path, [...value, StructuredFieldSchema.parse({ name: `field_${value.length + 1}` })])}
        >
          Add field
        </Button>
      </div>
    </Field>
  )
}
