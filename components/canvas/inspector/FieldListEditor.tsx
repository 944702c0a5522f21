'use client'

import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Select } from '@/components/ui/Select'
import type { FieldChange } from './field-types'

/** What every listed field has; `options` only where a type offers choices (a start node's `enum`). */
export interface ListedField {
  name: string
  type: string
  required: boolean
  description: string
  options?: string[]
}

/**
 * The small form editor of named, typed fields: one row per field (name, type, required, order,
 * description, and the choices of a choice type). A structured reply's fields and a start node's
 * input fields are both edited with it; what differs (types, help, a new field) comes in props.
 */
export function FieldListEditor<F extends ListedField>({
  label,
  testId,
  value,
  path,
  error,
  help,
  types,
  descriptionPlaceholder,
  newField,
  onChange,
}: {
  label: string
  testId: string
  value: F[]
  path: readonly (string | number)[]
  error?: string
  help: string
  types: ReadonlyArray<{ value: F['type']; label: string }>
  descriptionPlaceholder: string
  newField: (position: number) => F
  onChange: FieldChange
}) {
  const update = (index: number, patch: Partial<F>) =>
    onChange(
      path,
      value.map((field, at) => (at === index ? { ...field, ...patch } : field)),
    )
  const move = (index: number, by: -1 | 1) => {
    const next = [...value]
    const [moved] = next.splice(index, 1)
    next.splice(index + by, 0, moved!)
    onChange(path, next)
  }
  return (
    <Field label={label} error={error} help={help}>
      <div className="flex flex-col gap-2" data-testid={testId}>
        {value.map((field, index) => (
          <div key={index} className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2">
            <div className="grid grid-cols-[minmax(0,1fr)_9rem] items-center gap-2">
              <Input
                aria-label={`Field ${index + 1} name`}
                data-testid={`${testId}-${index}-name`}
                value={field.name}
                onChange={(e) => update(index, { name: e.target.value } as Partial<F>)}
              />
              <Select
                aria-label={`Field ${index + 1} type`}
                data-testid={`${testId}-${index}-type`}
                options={types}
                value={field.type}
                onChange={(e) => update(index, { type: e.target.value } as Partial<F>)}
              />
            </div>
            {field.type === 'enum' && (
              <Input
                aria-label={`Field ${index + 1} choices`}
                data-testid={`${testId}-${index}-options`}
                placeholder="Choices, separated by commas"
                value={(field.options ?? []).join(', ')}
                // Empty entries are kept while typing ("a, "); validate() names any left over.
                onChange={(e) => update(index, { options: e.target.value.split(',').map((option) => option.trim()) } as Partial<F>)}
              />
            )}
            <Input
              aria-label={`Field ${index + 1} description`}
              placeholder={descriptionPlaceholder}
              value={field.description}
              onChange={(e) => update(index, { description: e.target.value } as Partial<F>)}
            />
            <div className="flex items-center justify-between">
              <label className="flex items-center gap-1 text-xs text-zinc-600">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-indigo-600"
                  data-testid={`${testId}-${index}-required`}
                  checked={field.required}
                  onChange={(e) => update(index, { required: e.target.checked } as Partial<F>)}
                />
                Required
              </label>
              <div className="flex">
                <Button size="sm" variant="ghost" aria-label={`Move field ${index + 1} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move field ${index + 1} down`}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
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
              </div>
            </div>
          </div>
        ))}
        <Button size="sm" className="self-start" data-testid={`${testId}-add`} onClick={() => onChange(path, [...value, newField(value.length + 1)])}>
          Add field
        </Button>
      </div>
    </Field>
  )
}
