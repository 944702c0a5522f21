'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { createWorkflow, listWorkflows } from '@/components/canvas/api'
import type { WorkflowSummary } from '@/lib/contracts/workflows'

type ListState = { state: 'loading' } | { state: 'ready'; workflows: WorkflowSummary[] } | { state: 'error'; message: string }

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

/** The workflows, newest change first, and a button that creates one and opens its editor. */
export function WorkflowList() {
  const router = useRouter()
  const [list, setList] = useState<ListState>({ state: 'loading' })
  const [creating, setCreating] = useState(false)
  const [createError, setCreateError] = useState<string>()

  useEffect(() => {
    let cancelled = false
    listWorkflows().then(
      (workflows) => !cancelled && setList({ state: 'ready', workflows: [...workflows].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)) }),
      (error: unknown) => !cancelled && setList({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      cancelled = true
    }
  }, [])

  const create = async () => {
    setCreating(true)
    setCreateError(undefined)
    try {
      const count = list.state === 'ready' ? list.workflows.length : 0
      const { workflow } = await createWorkflow({ name: `Untitled workflow ${count + 1}` })
      router.push(`/workflows/${encodeURIComponent(workflow.id)}`)
    } catch (error) {
      setCreateError(error instanceof Error ? error.message : String(error))
      setCreating(false)
    }
  }

  return (
    <>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Workflows</h1>
          <p className="mt-1 text-sm text-zinc-600">Design agent workflows on a canvas, save versions and run them.</p>
        </div>
        <Button variant="primary" data-testid="new-workflow" onClick={() => void create()} disabled={creating}>
          {creating ? 'Creating…' : 'New workflow'}
        </Button>
      </div>
      {createError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not create a workflow: {createError}
        </p>
      ) : null}
      {list.state === 'loading' ? <p className="text-sm text-zinc-500">Loading workflows…</p> : null}
      {list.state === 'error' ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load workflows: {list.message}
        </p>
      ) : null}
      {list.state === 'ready' && list.workflows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-zinc-300 bg-white p-10 text-center text-sm text-zinc-600">
          No workflows yet. Create one to start drawing.
        </div>
      ) : null}
      {list.state === 'ready' && list.workflows.length > 0 ? (
        <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
          <table data-testid="workflow-list" className="w-full text-left text-sm">
            <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Latest version
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Updated
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Runs</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {list.workflows.map((workflow) => (
                <tr key={workflow.id} data-testid={`workflow-row-${workflow.id}`} className="hover:bg-zinc-50">
                  <td className="px-4 py-2.5">
                    <Link href={`/workflows/${encodeURIComponent(workflow.id)}`} className="font-medium text-zinc-900 hover:text-indigo-600 hover:underline">
                      {workflow.name}
                    </Link>
                    {workflow.description ? <p className="mt-0.5 line-clamp-1 text-xs text-zinc-500">{workflow.description}</p> : null}
                  </td>
                  <td className="px-4 py-2.5 text-zinc-600">{workflow.latestVersion === null ? '—' : `v${workflow.latestVersion}`}</td>
                  <td className="px-4 py-2.5 text-zinc-600">
                    <time dateTime={workflow.updatedAt}>{formatDate(workflow.updatedAt)}</time>
                  </td>
                  <td className="px-4 py-2.5 text-right">
                    <Link href={`/runs?workflowId=${encodeURIComponent(workflow.id)}`} className="text-xs text-zinc-500 hover:text-indigo-600 hover:underline">
                      Runs
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  )
}
