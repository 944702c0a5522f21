/**
 * The results table's columns: which there are (a trial column only when some row has more than one trial, one per
 * evaluator) and the grid track each takes. The table is a CSS grid rather than an HTML table because only the rows in
 * view are rendered (ExperimentResultsTable.tsx): an auto-laid-out <table> would change its column widths as rows come
 * and go while scrolling, a grid with fixed tracks keeps every row and the header aligned.
 */

export interface ResultColumn {
  /** Stable key: `#`, `trial`, `input`, …, or `score:<label>` for an evaluator. */
  key: string
  /** The header people see (`Run` is for screen readers only). */
  header: string
  /** Its narrowest width in rem: the track's minimum, so the table scrolls sideways rather than squeezing a column. */
  minRem: number
  /** How much of the spare width it takes (0: a fixed width). */
  grow: number
}

export function resultColumns(labels: readonly string[], withTrials: boolean): ResultColumn[] {
  return [
    { key: '#', header: '#', minRem: 3, grow: 0 },
    ...(withTrials ? [{ key: 'trial', header: 'Trial', minRem: 3.5, grow: 0 }] : []),
    { key: 'input', header: 'Input', minRem: 10, grow: 1 },
    { key: 'output', header: 'Output', minRem: 12, grow: 1.4 },
    { key: 'expected', header: 'Expected', minRem: 10, grow: 1 },
    ...labels.map((label) => ({ key: `score:${label}`, header: label, minRem: 9, grow: 1 })),
    { key: 'tokens', header: 'Tokens', minRem: 4.5, grow: 0 },
    { key: 'latency', header: 'Latency', minRem: 5, grow: 0 },
    { key: 'cost', header: 'Cost', minRem: 5.5, grow: 0 },
    { key: 'run', header: 'Run', minRem: 3, grow: 0 },
  ]
}

/** The CSS `grid-template-columns` of the header and every row. */
export function gridTemplate(columns: readonly ResultColumn[]): string {
  return columns.map((column) => (column.grow === 0 ? `${column.minRem}rem` : `minmax(${column.minRem}rem, ${column.grow}fr)`)).join(' ')
}

/** The table's narrowest width in rem. */
export function minimumWidthRem(columns: readonly ResultColumn[]): number {
  return columns.reduce((sum, column) => sum + column.minRem, 0)
}
