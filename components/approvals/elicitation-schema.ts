/**
 * Maps an MCP elicitation `requestedSchema` (a flat JSON Schema object: string, number/integer,
 * boolean and enum properties, plus multi-select arrays) to form fields, and the form's values
 * back to the answer `content`. Anything outside that subset becomes an "unsupported" field so
 * that the person still sees what was asked.
 */

interface FieldBase {
  name: string
  label: string
  description?: string
  required: boolean
}

export interface SelectOption {
  value: string
  label: string
}

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time'

export type FormField =
  | (FieldBase & { kind: 'text'; format?: StringFormat; minLength?: number; maxLength?: number; defaultValue?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; defaultValue?: number })
  | (FieldBase & { kind: 'boolean'; defaultValue?: boolean })
  | (FieldBase & { kind: 'select'; options: SelectOption[]; defaultValue?: string })
  | (FieldBase & { kind: 'multiselect'; options: SelectOption[]; minItems?: number; maxItems?: number; defaultValue?: string[] })
  | (FieldBase & { kind: 'unsupported'; schema: unknown })

/** Form state: text and numbers as typed, booleans as checked, multi-selects as the chosen values. */
export type FormValue = string | boolean | string[]
export type FormValues = Record<string, FormValue>
export type AnswerValue = string | number | boolean | string[]

export type CollectResult = { ok: true; content: Record<string, AnswerValue> } | { ok: false; errors: Record<string, string> }

export function schemaToFields(schema: unknown): FormField[] {
  const root = record(schema)
  const properties = record(root?.properties)
  if (!properties) return []
  const required = new Set(Array.isArray(root?.required) ? root.required.filter((r) => typeof r === 'string') : [])
  return Object.entries(properties).map(([name, property]) => fieldFor(name, property, required.has(name)))
}

export function initialFormValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
      case 'select':
        values[field.name] = field.defaultValue ?? ''
        break
      case 'number':
        values[field.name] = field.defaultValue === undefined ? '' : String(field.defaultValue)
        break
      case 'boolean':
        values[field.name] = field.defaultValue ?? false
        break
      case 'multiselect':
        values[field.name] = field.defaultValue ?? []
        break
      case 'unsupported':
        values[field.name] = ''
        break
    }
  }
  return values
}

/** Checks the values against the fields and builds the answer; empty optional fields are left out. */
export function collectAnswers(fields: readonly FormField[], values: FormValues): CollectResult {
  const content: Record<string, AnswerValue> = {}
  const errors: Record<string, string> = {}
  for (const field of fields) {
    const outcome = answerFor(field, values[field.name])
    if ('error' in outcome) errors[field.name] = outcome.error
    else if (outcome.value !== undefined) content[field.name] = outcome.value
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content }
}

type FieldOutcome = { value: AnswerValue | undefined } | { error: string }

function answerFor(field: FormField, raw: FormValue | undefined): FieldOutcome {
  switch (field.kind) {
    case 'boolean':
      return { value: raw === true }
    case 'multiselect':
      return multiselectAnswer(field, Array.isArray(raw) ? raw : [])
    case 'number':
      return numberAnswer(field, typeof raw === 'string' ? raw.trim() : '')
    case 'select': {
      const value = typeof raw === 'string' ? raw : ''
      if (value === '') return field.required ? { error: 'Choose an option.' } : { value: undefined }
      const known = field.options.some((option) => option.value === value)
      return known ? { value } : { error: 'Choose one of the options.' }
    }
    case 'text':
      return textAnswer(field, typeof raw === 'string' ? raw : '')
    case 'unsupported':
      return field.required ? { error: 'This field cannot be answered here.' } : { value: undefined }
  }
}

function textAnswer(field: Extract<FormField, { kind: 'text' }>, value: string): FieldOutcome {
  if (value.trim() === '') return field.required ? { error: 'Required.' } : { value: undefined }
  if (field.minLength !== undefined && value.length < field.minLength) {
    return { error: `At least ${field.minLength} characters.` }
  }
  if (field.maxLength !== undefined && value.length > field.maxLength) {
    return { error: `At most ${field.maxLength} characters.` }
  }
  const formatError = field.format ? checkFormat(field.format, value.trim()) : null
  return formatError ? { error: formatError } : { value }
}

function checkFormat(format: StringFormat, value: string): string | null {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'Enter an email address.'
    case 'uri':
      return URL.canParse(value) ? null : 'Enter a full URL (https://…).'
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'Enter a date (YYYY-MM-DD).'
    case 'date-time':
      return Number.isNaN(Date.parse(value)) ? 'Enter a date and time.' : null
  }
}

function numberAnswer(field: Extract<FormField, { kind: 'number' }>, text: string): FieldOutcome {
  if (text === '') return field.required ? { error: 'Required.' } : { value: undefined }
  const value = Number(text)
  if (!Number.isFinite(value)) return { error: 'Enter a number.' }
  if (field.integer && !Number.isInteger(value)) return { error: 'Enter a whole number.' }
  if (field.minimum !== undefined && value < field.minimum) return { error: `At least ${field.minimum}.` }
  if (field.maximum !== undefined && value > field.maximum) return { error: `At most ${field.maximum}.` }
  return { value }
}

function multiselectAnswer(field: Extract<FormField, { kind: 'multiselect' }>, chosen: string[]): FieldOutcome {
  const allowed = new Set(field.options.map((option) => option.value))
  const value = chosen.filter((item) => allowed.has(item))
  if (value.length === 0 && !field.required && field.minItems === undefined) return { value: undefined }
  if (value.length === 0 && field.required) return { error: 'Choose at least one option.' }
  if (field.minItems !== undefined && value.length < field.minItems) return { error: `Choose at least ${field.minItems}.` }
  if (field.maxItems !== undefined && value.length > field.maxItems) return { error: `Choose at most ${field.maxItems}.` }
  return { value }
}

function fieldFor(name: string, property: unknown, required: boolean): FormField {
  const schema = record(property) ?? {}
  const base: FieldBase = {
    name,
    label: str(schema.title) ?? humanize(name),
    description: str(schema.description),
    required,
  }
  const options = singleSelectOptions(schema)
  if (options) return { ...base, kind: 'select', options, defaultValue: str(schema.default) }
  switch (schema.type) {
    case 'string':
      return {
        ...base,
        kind: 'text',
        format: stringFormat(schema.format),
        minLength: num(schema.minLength),
        maxLength: num(schema.maxLength),
        defaultValue: str(schema.default),
      }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: schema.type === 'integer',
        minimum: num(schema.minimum),
        maximum: num(schema.maximum),
        defaultValue: num(schema.default),
      }
    case 'boolean':
      return { ...base, kind: 'boolean', defaultValue: typeof schema.default === 'boolean' ? schema.default : undefined }
    case 'array': {
      const items = multiSelectOptions(schema.items)
      if (!items) break
      return {
        ...base,
        kind: 'multiselect',
        options: items,
        minItems: num(schema.minItems),
        maxItems: num(schema.maxItems),
        defaultValue: Array.isArray(schema.default) ? schema.default.filter((d) => typeof d === 'string') : undefined,
      }
    }
  }
  return { ...base, kind: 'unsupported', schema: property }
}

/** `enum` (+ legacy `enumNames`) or titled `oneOf: [{ const, title }]` on a string property. */
function singleSelectOptions(schema: Record<string, unknown>): SelectOption[] | null {
  if (schema.type !== undefined && schema.type !== 'string') return null
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : []
    return schema.enum.filter((value): value is string => typeof value === 'string').map((value, index) => ({ value, label: str(names[index]) ?? value }))
  }
  return titledOptions(schema.oneOf)
}

function multiSelectOptions(items: unknown): SelectOption[] | null {
  const schema = record(items)
  if (!schema) return null
  if (Array.isArray(schema.enum)) {
    return schema.enum.filter((value): value is string => typeof value === 'string').map((value) => ({ value, label: value }))
  }
  return titledOptions(schema.anyOf) ?? titledOptions(schema.oneOf)
}

function titledOptions(list: unknown): SelectOption[] | null {
  if (!Array.isArray(list)) return null
  const options = list
    .map(record)
    .filter((entry): entry is Record<string, unknown> => entry !== null && typeof entry.const === 'string')
    .map((entry) => ({ value: entry.const as string, label: str(entry.title) ?? (entry.const as string) }))
  return options.length > 0 ? options : null
}

function stringFormat(value: unknown): StringFormat | undefined {
  return value === 'email' || value === 'uri' || value === 'date' || value === 'date-time' ? value : undefined
}

/** "firstName" / "first_name" → "First name". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}
