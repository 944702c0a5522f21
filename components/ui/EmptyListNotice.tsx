import type { ReactNode } from 'react'

export interface EmptyListNoticeProps {
  children: ReactNode
  testId?: string
}

/** What a list shows in place of its table when there is nothing in it yet: a dashed frame and what to do. */
export function EmptyListNotice({ children, testId }: EmptyListNoticeProps) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center text-sm text-zinc-500" data-testid={testId}>
      {children}
    </div>
  )
}
