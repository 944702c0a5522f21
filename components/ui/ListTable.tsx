import type { ReactNode } from 'react'

export interface ListColumn {
  label: string
  /** Named for screen readers only: a column of links or buttons needs no visible title. */
  hidden?: boolean
}

export interface ListTableProps {
  testId: string
  columns: readonly ListColumn[]
  /** The rows (`<tr>`). */
  children: ReactNode
  /** Inside the frame, under the table: e.g. that a refresh failed. */
  footer?: ReactNode
}

/** The framed table of the workflows, agents and runs lists: column titles, then rows divided by rules. */
export function ListTable({ testId, columns, children, footer }: ListTableProps) {
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <table data-testid={testId} className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-4 py-2 font-medium">
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">{children}</tbody>
      </table>
      {footer}
    </div>
  )
}
