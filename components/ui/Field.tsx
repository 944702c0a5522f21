import type { ReactNode } from 'react'

export interface FieldProps {
  label: string
  /** id of the control, so the label is clickable and read by screen readers. */
  htmlFor?: string
  help?: ReactNode
  error?: string
  children: ReactNode
}

/** A labelled form row: label, control, then help or error text. */
export function Field({ label, htmlFor, help, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-xs font-medium text-zinc-600">
        {label}
      </label>
      {children}
      {error ? <p className="text-xs text-red-600">{error}</p> : help ? <p className="text-xs text-zinc-500">{help}</p> : null}
    </div>
  )
}
