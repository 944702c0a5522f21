/**
 * A dataset's rows as files: JSONL (one `{ id, input, expected?, notes? }` per line: lossless) and CSV (columns
 * `id, input, expected, notes`). In CSV a value that is not text is written as JSON, and a cell holding a JSON
 * object or array is read back as one (input: objects only); other cells are text. So JSON values round-trip, and
 * text that happens to be a JSON object or array comes back as that object — JSONL is the lossless format.
 *
 * A CSV export is opened in spreadsheets, which run a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return as a formula (OWASP's "CSV injection"): a row someone else wrote (an input added from a run, say) could then
 * run in its reader's spreadsheet. Such a cell is written after a `'`, which spreadsheets show as text and do not run,
 * and an import takes that `'` off again, so the rows still round-trip.
 */
import { datasetRowSchema, MAX_DATASET_ROWS, type DatasetFormat, type DatasetRow, type DatasetRowInput } from '@/lib/contracts/datasets'
import { invalidInput } from '../domain-errors'
import { CsvError, formatCsv, parseCsv } from './csv'

const CSV_COLUMNS = ['id', 'input', 'expected', 'notes'] as const

export function exportRows(rows: readonly DatasetRow[], format: DatasetFormat): string {
  if (format === 'jsonl') return rows.map((row) => `${JSON.stringify(row)}\n`).join('')
  const cell = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value))
  return formatCsv([CSV_COLUMNS, ...rows.map((row) => [row.id, cell(row.input), cell(row.expected), row.notes ?? ''].map(inertInSpreadsheets))])
}

/**
 * What a spreadsheet would read as a formula (a first character among `= + - @`, a tab or a carriage return), and text
 * that already starts with quotes before one: each gets one `'` more on export and loses one on import, so that text
 * written with its own leading `'` comes back as written too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/

export function inertInSpreadsheets(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

function asWritten(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text
}

/** The rows of an import, checked as a save checks them; 400 `invalid_dataset` naming the first bad line. */
export function importRows(content: string, format: DatasetFormat): DatasetRowInput[] {
  const candidates = format === 'jsonl' ? jsonlRows(content) : csvRows(content)
  if (candidates.length > MAX_DATASET_ROWS) throw invalidDataset(`An import can hold at most ${MAX_DATASET_ROWS} rows, not ${candidates.length}.`)
  return candidates.map(({ line, value }) => {
    const parsed = datasetRowSchema.safeParse(value)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    throw invalidDataset(`Line ${line}: ${issue?.path.join('.') || 'the row'}: ${issue?.message ?? 'not a row'}`, { line })
  })
}

type Candidate = { line: number; value: unknown }

function jsonlRows(content: string): Candidate[] {
  const rows: Candidate[] = []
  content.split(/\r?\n/).forEach((text, index) => {
    if (text.trim() === '') return
    try {
      rows.push({ line: index + 1, value: JSON.parse(text) })
    } catch {
      throw invalidDataset(`Line ${index + 1} is not JSON: each line of JSONL is one row, { "input": …, "expected": …, "notes": … }.`, { line: index + 1 })
    }
  })
  return rows
}

function csvRows(content: string): Candidate[] {
  let records: string[][]
  try {
    records = parseCsv(content)
  } catch (error) {
    if (error instanceof CsvError) throw invalidDataset(error.message)
    throw error
  }
  const [header, ...body] = records
  if (!header) return []
  const columns = header.map((name) => name.trim().toLowerCase())
  const unknown = columns.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name))
  if (!columns.includes('input') || unknown.length > 0) {
    throw invalidDataset(`The CSV header must name an input column, and only ${CSV_COLUMNS.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}.`)
  }
  return body.map((record, index) => {
    const cell = (name: string) => {
      const at = columns.indexOf(name)
      const text = at < 0 ? undefined : record[at]
      return text === undefined ? undefined : asWritten(text)
    }
    const input = cell('input') ?? ''
    const parsedInput = jsonCell(input)
    const expected = cell('expected')
    const notes = cell('notes')
    const id = cell('id')
    return {
      line: index + 2,
      value: {
        ...(id ? { id } : {}),
        input: parsedInput !== null && typeof parsedInput === 'object' && !Array.isArray(parsedInput) ? parsedInput : input,
        ...(expected ? { expected: jsonCell(expected) ?? expected } : {}),
        ...(notes ? { notes } : {}),
      },
    }
  })
}

/** A cell holding a JSON object or array, parsed; undefined for any other cell. */
function jsonCell(text: string): unknown {
  const trimmed = text.trim()
  if (!/^[{[]/.test(trimmed)) return undefined
  try {
    return JSON.parse(trimmed)
  } catch {
    return undefined
  }
}

function invalidDataset(message: string, details?: unknown) {
  return invalidInput('invalid_dataset', message, details)
}
