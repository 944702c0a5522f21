'use client'

import { usePathname } from 'next/navigation'
import type { ReactNode } from 'react'
import { cn } from './cn'
import { IntentLink } from './IntentLink'
import { isCurrentPath } from './current-path'

export interface NavLinkProps {
  href: string
  children: ReactNode
  className?: string
  /** Added when the link leads to the page being shown. */
  currentClassName?: string
  /** Only the page itself counts as current, not the pages under it (a section's overview). */
  exact?: boolean
  'data-testid'?: string
}

/**
 * A navigation link that marks the page being shown (`aria-current="page"`), for people and screen readers alike;
 * it prefetches its page on intent (IntentLink).
 */
export function NavLink({ href, children, className, currentClassName, exact = false, ...rest }: NavLinkProps) {
  const current = isCurrentPath(usePathname(), href, exact)
  return (
    <IntentLink href={href} aria-current={current ? 'page' : undefined} className={cn(className, current && currentClassName)} {...rest}>
      {children}
    </IntentLink>
  )
}
