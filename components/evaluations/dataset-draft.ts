/**
 * The rows of a dataset as its page edits them: every cell as text (what the inputs hold), turned back into the
 * contract's rows on save. Inputs are text, or — for a dataset typed by a workflow's start fields — one text per field,
 * turned into the field's type; expected answers are text, or JSON when they read as a JSON object or array.
 */
import type { DatasetRow, DatasetRowInput } from '@/lib/contracts/datasets'
import type { InputField } from '@/lib/graph/start-input'

export interface DraftRow {
  /** The stored row's id (kept across versions, so experiments compare row by row); absent for a new row. */
  id?: string
  /** Free-text input (a dataset without fields). */
  input: string
  /** One text per declared field (a dataset typed by a workflow). */
  fields: Record<string, string>
  expected: string
  notes: string
}

export function emptyDraftRow(): DraftRow {
  return { input: '', fields: {}, expected: '', notes: '' }
}

/** A value shown in a cell: text as it is, anything else as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export function draftOf(row: DatasetRow): DraftRow {
  const object = typeof row.input === 'object' && row.input !== null ? (row.input as Record<string, unknown>) : null
  return {
    id: row.id,
    input: object ? JSON.stringify(object) : String(row.input),
    fields: object ? Object.fromEntries(Object.entries(object).map(([key, value]) => [key, cellText(value)])) : {},
    expected: cellText(row.expected),
    notes: row.notes ?? '',
  }
}

/** A field's text as its declared type; text that is not one (a half-typed number) stays text, for the server to refuse in words. */
export function fieldValue(field: InputField, text: string): unknown {
  if (field.type === 'number' || field.type === 'integer') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text
  if (field.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text
  return text
}

/** Expected text as JSON when it is a JSON object or array (a structured answer), else as the text it is. */
export function expectedValue(text: string): unknown {
  const trimmed = text.trim()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown
    } catch {
      return text
    }
  }
  return text
}

export function rowOf(draft: DraftRow, fields: readonly InputField[]): DatasetRowInput {
  const input =
    fields.length === 0
      ? draft.input
      : Object.fromEntries(
          fields.filter((field) => (draft.fields[field.name] ?? '') !== '').map((field) => [field.name, fieldValue(field, draft.fields[field.name] ?? '')]),
        )
  return {
    ...(draft.id ? { id: draft.id } : {}),
    input,
    ...(draft.expected === '' ? {} : { expected: expectedValue(draft.expected) }),
    ...(draft.notes === '' ? {} : { notes: draft.notes }),
  }
}

/** Whether the draft differs from the stored rows it started from (the page warns before throwing changes away). */
export function draftChanged(drafts: readonly DraftRow[], stored: readonly DatasetRow[]): boolean {
  if (drafts.length !== stored.length) return true
  return drafts.some((draft, index) => JSON.stringify(draft) !== JSON.stringify(draftOf(stored[index]!)))
}
