'use client'

import { cn } from '@/components/ui'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'
import type { WorkspaceScope } from './use-workspace-scope'

const OPTION = 'px-2.5 py-1 text-xs font-medium'

/** "<Current workspace> | All workspaces" above a list, for a person in several workspaces. */
export function WorkspaceScopeToggle({ scope }: { scope: WorkspaceScope }) {
  const { current } = useCurrentWorkspace()
  if (!scope.several || !current) return null
  return (
    <div
      role="group"
      aria-label="Which workspaces"
      className="inline-flex overflow-hidden rounded-md border border-zinc-200 bg-white"
      data-testid="workspace-scope"
    >
      <button
        type="button"
        aria-pressed={!scope.all}
        onClick={() => scope.setAll(false)}
        className={cn(OPTION, !scope.all ? 'bg-zinc-100 text-zinc-900' : 'text-zinc-600 hover:bg-zinc-50')}
        data-testid="workspace-scope-current"
      >
        {current.name}
      </button>
      <button
        type="button"
        aria-pressed={scope.all}
        onClick={() => scope.setAll(true)}
        className={cn(OPTION, 'border-l border-zinc-200', scope.all ? 'bg-zinc-100 text-zinc-900' : 'text-zinc-600 hover:bg-zinc-50')}
        data-testid="workspace-scope-all"
      >
        All workspaces
      </button>
    </div>
  )
}
