'use client'

import Link from 'next/link'
import { useState, type ComponentProps } from 'react'

export type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch'>

/**
 * A link that prefetches its page once someone shows the intent to follow it (pointer over it, focus, touch),
 * not as soon as it is in view. Every page here is rendered on request: the header's links, in view on every
 * page, would otherwise ask the server for seven pages while the page being opened still loads (on a small
 * server that delays the page's own requests by a few hundred milliseconds).
 */
export function IntentLink({ onPointerEnter, onFocus, onTouchStart, ...props }: IntentLinkProps) {
  const [intent, setIntent] = useState(false)
  return (
    <Link
      {...props}
      // `null` is Next's automatic prefetch; `false` none at all, not even on hover.
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        setIntent(true)
        onPointerEnter?.(event)
      }}
      onFocus={(event) => {
        setIntent(true)
        onFocus?.(event)
      }}
      onTouchStart={(event) => {
        setIntent(true)
        onTouchStart?.(event)
      }}
    />
  )
}
