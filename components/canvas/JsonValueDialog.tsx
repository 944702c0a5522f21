'use client'

import { useEffect, useId, useState, type ReactNode } from 'react'
import { Button, Dialog, Field, Textarea } from '@/components/ui'

export interface JsonValueDialogProps {
  open: boolean
  onClose: () => void
  title: string
  description?: string
  label: string
  /** The text the editor opens with (JSON). */
  initialText: string
  submitLabel: string
  busy?: boolean
  /** An error from the server, shown under the editor. */
  error?: string
  testId: string
  onSubmit: (value: unknown) => void
  /** Shown above the editor (a picker that changes initialText). */
  children?: ReactNode
}

/** A dialog holding a JSON editor: the value is checked as typed, and only valid JSON is submitted. */
export function JsonValueDialog({
  open,
  onClose,
  title,
  description,
  label,
  initialText,
  submitLabel,
  busy,
  error,
  testId,
  onSubmit,
  children,
}: JsonValueDialogProps) {
  const id = useId()
  const [text, setText] = useState(initialText)
  useEffect(() => {
    if (open) setText(initialText)
  }, [open, initialText])
  const parsed = parseJson(text)
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" disabled={busy || !parsed.ok} onClick={() => parsed.ok && onSubmit(parsed.value)} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
      <Field label={label} htmlFor={id} error={parsed.ok ? error : parsed.message} help="JSON: a text in double quotes, a number, an object, a list…">
        <Textarea
          id={id}
          rows={8}
          className="font-mono text-xs"
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid={`${testId}-json`}
          spellCheck={false}
        />
      </Field>
    </Dialog>
  )
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: 'Type a JSON value.' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${(error as Error).message}` }
  }
}
