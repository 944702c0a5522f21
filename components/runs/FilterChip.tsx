import type { ReactNode } from 'react'
import { IntentLink } from '@/components/ui/IntentLink'
import { cn } from '@/components/ui'

export interface FilterChipProps {
  href: string
  current: boolean
  children: ReactNode
}

/** One chip of the runs list's filters: a link (the filter is the URL's), marked as the page when it is the one in use. */
export function FilterChip({ href, current, children }: FilterChipProps) {
  return (
    <IntentLink
      href={href}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'rounded-full border px-2.5 py-1 focus-visible:outline-2 focus-visible:outline-indigo-500',
        current
          ? 'border-indigo-300 bg-indigo-50 font-medium text-indigo-800'
          : 'border-zinc-200 bg-white text-zinc-600 hover:border-zinc-300 hover:text-zinc-900',
      )}
    >
      {children}
    </IntentLink>
  )
}
