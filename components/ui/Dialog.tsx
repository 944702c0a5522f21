'use client'

import { useEffect, useId, useRef, type ReactNode } from 'react'
import { cn } from './cn'

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  children: ReactNode
  /** Buttons, right-aligned at the bottom. */
  footer?: ReactNode
  /** The largest width; the dialog is narrower on small screens. */
  size?: DialogSize
  className?: string
}

// Whole class names, so Tailwind finds them; a width in `className` would lose to max-w-lg in the stylesheet's order.
const MAX_WIDTH = {
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
} as const

export type DialogSize = keyof typeof MAX_WIDTH

/**
 * A modal built on the native <dialog> element: focus is trapped and restored by the browser,
 * Escape closes it, and the backdrop click closes it too.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'lg', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  // Unique per dialog, so two dialogs on one page never share a title id.
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose()
      }}
      className={cn('m-auto w-full rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-900/30', MAX_WIDTH[size], className)}
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5">
          <div className="flex flex-col gap-1">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            {description ? <div className="text-sm text-zinc-600">{description}</div> : null}
          </div>
          {children}
          {footer ? <div className="flex justify-end gap-2">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  )
}
