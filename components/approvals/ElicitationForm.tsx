import { Field, Input, Select } from '@/components/ui'
import type { FormField, FormValue, FormValues } from './elicitation-schema'

export interface ElicitationFormProps {
  fields: FormField[]
  values: FormValues
  errors: Record<string, string>
  onChange: (name: string, value: FormValue) => void
  disabled: boolean
  idPrefix: string
}

/** The form generated from an elicitation's flat JSON schema. */
export function ElicitationForm({ fields, values, errors, onChange, disabled, idPrefix }: ElicitationFormProps) {
  if (fields.length === 0) return <p className="text-[13px] text-zinc-500">The server asks for no fields: submit to confirm.</p>
  return (
    <div className="flex flex-col gap-3" data-testid="elicitation-form">
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(value) => onChange(field.name, value)}
          disabled={disabled}
          id={`${idPrefix}-${field.name}`}
        />
      ))}
    </div>
  )
}

function FieldControl({
  field,
  value,
  error,
  onChange,
  disabled,
  id,
}: {
  field: FormField
  value: FormValue | undefined
  error?: string
  onChange: (value: FormValue) => void
  disabled: boolean
  id: string
}) {
  const label = field.required ? `${field.label} *` : field.label
  const common = { id, disabled, 'aria-invalid': error ? true : undefined, 'data-testid': `elicitation-${field.name}` }
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              {...common}
              type="checkbox"
              className="h-4 w-4 rounded border-zinc-300 accent-indigo-600"
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
            />
            {label}
          </label>
          {field.description ? <p className="text-xs text-zinc-500">{field.description}</p> : null}
          {error ? <p className="text-xs text-red-600">{error}</p> : null}
        </div>
      )
    case 'select':
      return (
        <Field label={label} htmlFor={id} help={field.description} error={error}>
          <Select
            {...common}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            options={[{ value: '', label: field.required ? 'Choose…' : '(none)' }, ...field.options]}
          />
        </Field>
      )
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : []
      return (
        <fieldset className="flex flex-col gap-1" disabled={disabled}>
          <legend className="text-xs font-medium text-zinc-600">{label}</legend>
          {field.options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-zinc-800">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-zinc-300 accent-indigo-600"
                checked={chosen.includes(option.value)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))}
              />
              {option.label}
            </label>
          ))}
          {error ? <p className="text-xs text-red-600">{error}</p> : field.description ? <p className="text-xs text-zinc-500">{field.description}</p> : null}
        </fieldset>
      )
    }
    case 'number':
      return (
        <Field label={label} htmlFor={id} help={field.description} error={error}>
          <Input
            {...common}
            type="number"
            inputMode={field.integer ? 'numeric' : 'decimal'}
            step={field.integer ? 1 : 'any'}
            min={field.minimum}
            max={field.maximum}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          />
        </Field>
      )
    case 'text':
      return (
        <Field label={label} htmlFor={id} help={field.description} error={error}>
          <Input
            {...common}
            type={field.format === 'email' ? 'email' : field.format === 'uri' ? 'url' : field.format === 'date' ? 'date' : 'text'}
            minLength={field.minLength}
            maxLength={field.maxLength}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          />
        </Field>
      )
    case 'unsupported':
      return (
        <Field label={label} help="This field's type cannot be edited here." error={error}>
          <pre className="rounded-md bg-zinc-50 p-2 font-mono text-[11px] text-zinc-600">{JSON.stringify(field.schema)}</pre>
        </Field>
      )
  }
}
