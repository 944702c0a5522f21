'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { Button } from '@/components/ui/Button'
import { WorkflowSettingsButton } from './WorkflowSettingsButton'
import { cn } from '@/components/ui/cn'
import { selectCanRedo, selectCanUndo, selectIsDirty, selectReadOnly } from './store'
import { LiveAvatars } from './LiveAvatars'
import { LiveIndicator } from './LiveIndicator'
import { useLiveSessionContext } from './use-live-session'
import { useCanvasStore } from './CanvasStoreProvider'
import type { SaveStatus } from './use-save-version'
import { WorkflowNameInput } from './WorkflowNameInput'
import { WorkflowFileMenu } from './WorkflowFileMenu'
import { WorkflowActionsMenu } from '@/components/workflows/WorkflowActionsMenu'
import { WorkspaceBadge } from '@/components/workspaces/WorkspaceBadge'
import { useEditorAccess } from './EditorWorkspaceProvider'

export interface ToolbarProps {
  onSave: () => void
  /** Saves a version with a note (the Workflow menu's "Save version with note…"). */
  save: (note?: string) => Promise<number | undefined>
  saveStatus: SaveStatus
  onRun: () => void
  onAutoLayout: () => void
  layingOut: boolean
}

export function Toolbar({ onSave, save, saveStatus, onRun, onAutoLayout, layingOut }: ToolbarProps) {
  const { workflowId, version, dirty, canUndo, canRedo, undo, redo, readOnly } = useCanvasStore((s) => ({
    workflowId: s.workflowId,
    version: s.version,
    dirty: selectIsDirty(s),
    canUndo: selectCanUndo(s),
    canRedo: selectCanRedo(s),
    undo: s.undo,
    redo: s.redo,
    readOnly: selectReadOnly(s),
  }))
  const live = useLiveSessionContext()
  // Live, a save is of the server's document: one made offline would leave out what this person did meanwhile.
  const offline = live.bound && live.status === 'offline'
  const saving = saveStatus.state === 'saving'
  const access = useEditorAccess()
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-3">
      <IntentLink
        href="/workflows"
        className="rounded-md px-1.5 py-1 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
        aria-label="Back to workflows"
      >
        ←
      </IntentLink>
      <WorkspaceBadge workspaceId={access.workspaceId} always testId="editor-workspace" />
      <WorkflowNameInput />
      <span data-testid="version-label" className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-600">
        {version === null ? 'Not saved yet' : `v${version}`}
      </span>
      <span
        data-testid="unsaved-indicator"
        data-dirty={dirty}
        className={cn('flex items-center gap-1.5 text-xs', dirty ? 'text-amber-700' : 'text-zinc-400')}
        aria-live="polite"
      >
        <span aria-hidden className={cn('h-1.5 w-1.5 rounded-full', dirty ? 'bg-amber-500' : 'bg-zinc-300')} />
        {dirty ? 'Unsaved changes' : 'All changes saved'}
      </span>
      <SaveMessage status={saveStatus} dirty={dirty} />
      <div className="ml-auto flex items-center gap-1.5">
        <WorkflowFileMenu save={save} />
        {/*
          A draft has no settings to keep yet, nor anything to copy or delete; a runner or viewer changes neither. By the
          role, not the live state: a delete closes the live connection (the workflow is gone), and the menu must stay
          mounted until its dialog has taken the person to the list.
        */}
        {workflowId === '' || access.readOnly ? null : <WorkflowSettingsButton workflowId={workflowId} />}
        {access.readOnly ? null : <WorkflowActionsMenu />}
        <LiveIndicator />
        <LiveAvatars />
        {/* A runner or viewer (live or not) sees the workflow and changes nothing: the banner below the toolbar says why. */}
        {readOnly ? null : (
          <>
            <Button size="sm" variant="ghost" data-testid="undo" onClick={undo} disabled={!canUndo} title="Undo (Ctrl+Z)">
              Undo
            </Button>
            <Button size="sm" variant="ghost" data-testid="redo" onClick={redo} disabled={!canRedo} title="Redo (Shift+Ctrl+Z)">
              Redo
            </Button>
            <Button size="sm" variant="secondary" data-testid="auto-layout" onClick={onAutoLayout} disabled={layingOut}>
              {layingOut ? 'Arranging…' : 'Auto-layout'}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              data-testid="save-version"
              onClick={onSave}
              disabled={saving || offline}
              title={offline ? 'Saving needs the connection back: your changes merge first' : 'Save a new version (Ctrl+S)'}
            >
              {saving ? 'Saving…' : 'Save version'}
            </Button>
          </>
        )}
        <Button size="sm" variant="primary" data-testid="run-workflow" onClick={onRun} disabled={!access.canRun}>
          Run
        </Button>
      </div>
    </div>
  )
}

function SaveMessage({ status, dirty }: { status: SaveStatus; dirty: boolean }) {
  if (status.state === 'saved' && !dirty)
    return (
      <span data-testid="save-status" className="text-xs text-emerald-700">
        Saved as v{status.version}
      </span>
    )
  if (status.state === 'rejected' && dirty) {
    return (
      <span data-testid="save-status" role="alert" className="text-xs text-red-700">
        Not saved: {status.problemCount} {status.problemCount === 1 ? 'problem' : 'problems'} (see below)
      </span>
    )
  }
  if (status.state === 'failed') {
    return (
      <span data-testid="save-status" role="alert" className="max-w-72 truncate text-xs text-red-700" title={status.message}>
        Save failed: {status.message}
      </span>
    )
  }
  return null
}
