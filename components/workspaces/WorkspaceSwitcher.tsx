'use client'

import { useCallback, useRef, useState } from 'react'
import { IntentLink } from '@/components/ui/IntentLink'
import { useDismiss } from '@/components/ui/use-dismiss'
import { useHydrated } from '@/components/ui/use-hydrated'
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'
import { roleLabel } from './current-workspace'

const ITEM = 'flex w-full items-center gap-2 px-3 py-1.5 text-left text-zinc-700 hover:bg-zinc-100'

/** The header's workspace menu: where the person works now, their other workspaces, making and managing them. */
export function WorkspaceSwitcher() {
  const { workspaces, current, select } = useCurrentWorkspace()
  const [open, setOpen] = useState(false)
  const [creating, setCreating] = useState(false)
  const menu = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(menu, open, close)
  const hydrated = useHydrated()

  return (
    <div ref={menu} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
        data-testid="workspace-switcher"
        className="flex max-w-56 items-center gap-1.5 rounded-md border border-zinc-200 px-2.5 py-1 text-sm text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <span aria-hidden className="inline-block h-2 w-2 shrink-0 rounded-full bg-indigo-500" />
        <span className="truncate" data-testid="current-workspace-name">
          {current?.name ?? 'No workspace'}
        </span>
        <span aria-hidden>▾</span>
      </button>
      {open ? (
        <div role="menu" aria-label="Workspaces" className="absolute left-0 z-50 mt-1 w-72 rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg">
          <p className="px-3 py-1 text-xs font-medium text-zinc-500">Workspaces</p>
          {workspaces.map((workspace) => (
            <button
              key={workspace.id}
              type="button"
              role="menuitemradio"
              aria-checked={workspace.id === current?.id}
              data-testid="workspace-option"
              onClick={() => {
                select(workspace.id)
                close()
              }}
              className={ITEM}
            >
              <span aria-hidden className="w-3 text-indigo-600">
                {workspace.id === current?.id ? '✓' : ''}
              </span>
              <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
              <span className="shrink-0 text-xs text-zinc-500">
                {workspace.kind === 'personal' ? 'Personal' : roleLabel(workspace.role, workspace.approver)}
              </span>
            </button>
          ))}
          <div className="my-1 border-t border-zinc-100" />
          <button
            type="button"
            role="menuitem"
            className={ITEM}
            data-testid="workspace-create"
            onClick={() => {
              close()
              setCreating(true)
            }}
          >
            Create workspace…
          </button>
          <IntentLink role="menuitem" href="/workspaces" onClick={close} className={ITEM} data-testid="workspace-manage">
            Manage workspaces
          </IntentLink>
        </div>
      ) : null}
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  )
}
