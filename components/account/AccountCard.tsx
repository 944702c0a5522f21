import type { ReactNode } from 'react'

/** The centred card of the pages people see before they are signed in. */
export function AccountCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto mt-20 w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm">
      <div className="mb-5 flex items-center gap-2 font-semibold tracking-tight text-zinc-900">
        <span aria-hidden className="inline-block h-5 w-5 rounded-md bg-gradient-to-br from-indigo-500 to-violet-500" />
        Agentloom
      </div>
      <h1 className="text-lg font-semibold text-zinc-900">{title}</h1>
      {description ? <div className="mt-1 text-sm text-zinc-600">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </div>
  )
}
