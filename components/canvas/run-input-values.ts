/**
 * The run form's entries → the run input object: what a person typed is text, so numbers are
 * read here; an empty (or blank) entry is left out (a required field then reads "is required"), and text
 * that is not a number is kept as typed so the check says the field must be a number.
 */
import type { InputField } from '@/lib/graph/start-input'

export type RunFormValues = Record<string, string | boolean>

export function emptyRunFormValues(fields: readonly InputField[]): RunFormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.type === 'boolean' ? false : '']))
}

export function runInputFromForm(fields: readonly InputField[], values: RunFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const field of fields) {
    const entry = values[field.name]
    if (field.type === 'boolean') {
      input[field.name] = entry === true
      continue
    }
    const text = typeof entry === 'string' ? entry : ''
    if (text.trim() === '') continue
    input[field.name] = field.type === 'number' || field.type === 'integer' ? numberOrText(text) : text
  }
  return input
}

function numberOrText(text: string): number | string {
  const value = Number(text.trim())
  return Number.isFinite(value) ? value : text
}
