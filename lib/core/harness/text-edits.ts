/**
 * The pure text edits behind file_access_replace and file_access_replace_lines. Every edit is
 * checked before any is applied, so a bad request leaves the file as it was.
 */
import { FileAccessOperationError } from '../errors'

export interface TextReplacement {
  content: string
  count: number
}

/** Replaces `oldString`: it must occur exactly once, or `replaceAll` must be set. */
export function replaceText(content: string, oldString: string, newString: string, replaceAll: boolean): TextReplacement {
  if (oldString === '') throw new FileAccessOperationError('old_string must not be empty.')
  const parts = content.split(oldString)
  const count = parts.length - 1
  if (count === 0) throw new FileAccessOperationError('old_string was not found in the file.')
  if (count > 1 && !replaceAll) {
    throw new FileAccessOperationError(`old_string occurs ${count} times; add surrounding text to make it unique, or set replace_all to true.`)
  }
  return { content: parts.join(newString), count }
}

export interface LineEdit {
  /** 1-based. */
  lineNumber: number
  /** The new text of the line; the line keeps its own line ending when this has none. */
  newLine: string
  /** When given, the line's current text (without its line ending) must equal this. */
  expectedLine?: string
}

/** Lines with their endings: 'a\nb' → ['a\n', 'b']; '' has no lines. */
export function splitLinesKeepingEndings(content: string): string[] {
  return content.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

function lineEnding(line: string): string {
  if (line.endsWith('\r\n')) return '\r\n'
  return line.endsWith('\n') ? '\n' : ''
}

export function replaceLines(content: string, edits: readonly LineEdit[]): string {
  if (edits.length === 0) throw new FileAccessOperationError('edits must contain at least one edit.')
  const lines = splitLinesKeepingEndings(content)
  const seen = new Set<number>()
  for (const edit of edits) {
    const { lineNumber } = edit
    if (!Number.isInteger(lineNumber) || lineNumber < 1 || lineNumber > lines.length) {
      throw new FileAccessOperationError(`Line ${lineNumber} is out of range: the file has ${lines.length} line(s).`)
    }
    if (seen.has(lineNumber)) throw new FileAccessOperationError(`Line ${lineNumber} is edited more than once.`)
    seen.add(lineNumber)
    const current = lines[lineNumber - 1]
    const currentText = current.slice(0, current.length - lineEnding(current).length)
    if (edit.expectedLine !== undefined && edit.expectedLine.replace(/\r?\n$/, '') !== currentText) {
      throw new FileAccessOperationError(
        `Line ${lineNumber} does not match expected_line: it is ${JSON.stringify(currentText)}. Read the file again before editing.`,
      )
    }
  }
  for (const edit of edits) {
    const current = lines[edit.lineNumber - 1]
    const keepsOwnEnding = !edit.newLine.endsWith('\n')
    lines[edit.lineNumber - 1] = keepsOwnEnding ? edit.newLine + lineEnding(current) : edit.newLine
  }
  return lines.join('')
}
