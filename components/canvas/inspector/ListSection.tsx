import type { ReactNode } from 'react'

export interface ListSectionProps {
  label: string
  help?: string
  testId: string
  children: ReactNode
  /** A button beside the label (e.g. "+ Add case"). */
  action?: ReactNode
}

/** The frame of a list editor: its label, an action, a help line, then the items. */
export function ListSection({ label, help, testId, children, action }: ListSectionProps) {
  return (
    <section data-testid={testId} className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-xs font-medium text-zinc-600">{label}</h3>
        {action}
      </div>
      {help ? <p className="-mt-1 text-xs text-zinc-500">{help}</p> : null}
      {children}
    </section>
  )
}
