/**
 * RFC 4180 CSV: fields separated by commas, quoted with `"` when they hold a comma, a quote or a line break (a
 * quote inside doubled), records ended by CRLF or LF. Small enough to hold here rather than add a dependency; it
 * reads the whole text (imports are bounded by the body limit).
 */

export class CsvError extends Error {}

/** The records of a CSV text: a list of fields per record. A final line break ends the last record; blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let fieldStarted = false
  let line = 1
  const endField = () => {
    record.push(field)
    field = ''
    fieldStarted = false
  }
  const endRecord = () => {
    endField()
    if (!(record.length === 1 && record[0] === '')) records.push(record)
    record = []
  }
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  for (let i = 0; i < source.length; i++) {
    const char = source[i]
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else {
        if (char === '\n') line++
        field += char
      }
      continue
    }
    if (char === '"') {
      if (fieldStarted) throw new CsvError(`Line ${line}: a quote inside an unquoted field (quote the whole field and double the quote).`)
      quoted = true
      fieldStarted = true
    } else if (char === ',') endField()
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++
      endRecord()
      line++
    } else {
      field += char
      fieldStarted = true
    }
  }
  if (quoted) throw new CsvError(`Line ${line}: a quoted field is not closed.`)
  if (field !== '' || record.length > 0) endRecord()
  return records
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** CSV text of records, CRLF-ended as RFC 4180 says. */
export function formatCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('')
}
