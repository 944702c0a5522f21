'use client'

import { useState } from 'react'
import { Button } from '@/components/ui'

/** A secret or link that is shown this one time: copyable, with a warning that it will not come back. */
export function ShownOnceBox({ value, warning, testId }: { value: string; warning: string; testId: string }) {
  const [copied, setCopied] = useState(false)
  async function copy() {
    await navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3">
      <p className="text-xs text-amber-900">{warning}</p>
      <div className="flex items-center gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 overflow-x-auto rounded bg-white px-2 py-1.5 font-mono text-xs whitespace-nowrap text-zinc-900 ring-1 ring-amber-200"
        >
          {value}
        </code>
        <Button size="sm" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  )
}
