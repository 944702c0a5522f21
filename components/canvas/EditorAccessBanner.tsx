'use client'

import { useEditorAccess } from './EditorWorkspaceProvider'

/** Above a canvas the person may not change: why, in their role's words. */
export function EditorAccessBanner() {
  const { readOnly, role, workspace } = useEditorAccess()
  if (!readOnly || !role) return null
  const where = workspace ? ` in ${workspace.name}` : ''
  return (
    <p role="status" data-testid="editor-read-only" className="border-b border-sky-200 bg-sky-50 px-3 py-1.5 text-xs text-sky-900">
      {role === 'runner'
        ? `You can run this workflow but not change it (runner${where}).`
        : `You can look at this workflow but not change or run it (viewer${where}).`}{' '}
      Changes you make here are not saved; ask an owner of the workspace for the editor role.
    </p>
  )
}
