import type { ReactNode } from 'react'
import { cn } from '@/components/ui'

/** A titled white card, the building block of the run pages. */
export function Panel({
  title,
  actions,
  children,
  className,
  bodyClassName,
  ...rest
}: {
  title: ReactNode
  actions?: ReactNode
  children: ReactNode
  className?: string
  bodyClassName?: string
  'data-testid'?: string
  'aria-live'?: 'polite' | 'off'
}) {
  return (
    <section className={cn('flex min-h-0 flex-col rounded-lg border border-zinc-200 bg-white', className)} {...rest}>
      <header className="flex min-h-10 items-center justify-between gap-2 border-b border-zinc-100 px-3 py-2">
        <h2 className="text-[13px] font-semibold text-zinc-800">{title}</h2>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </header>
      <div className={cn('min-h-0 p-3', bodyClassName)}>{children}</div>
    </section>
  )
}
