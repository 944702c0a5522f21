'use client'

import { useEditorAccess } from './EditorWorkspaceProvider'
import { useLiveSessionContext, type LiveStatus } from './use-live-session'

const ROLE_NAMES: Record<string, string> = { runner: 'a runner', viewer: 'a viewer' }

/** One line under the toolbar when live editing needs saying: offline, following read-only, or closed. */
export function LiveStatusBanner() {
  const { status, person } = useLiveSessionContext()
  const access = useEditorAccess()
  const text = bannerText(status, person?.role ?? null)
  // A runner or viewer already reads what their role allows (EditorAccessBanner); one line says it, not two.
  if (!text || (status === 'read-only' && access.readOnly)) return null
  return (
    <p
      role="status"
      data-testid="live-status-banner"
      data-status={status}
      className={
        status === 'read-only'
          ? 'border-b border-sky-200 bg-sky-50 px-3 py-1.5 text-xs text-sky-900'
          : 'border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900'
      }
    >
      {text}
    </p>
  )
}

export function bannerText(status: LiveStatus, role: string | null): string | undefined {
  switch (status) {
    case 'offline':
      return 'Offline — your changes will merge when you reconnect.'
    case 'read-only':
      return `You are following live as ${ROLE_NAMES[role ?? ''] ?? 'someone who cannot edit this workflow'}: you see every change, but cannot edit.`
    case 'refused':
      return 'Live editing is closed to you now (your access changed). Reload the page to see the workflow as it is.'
    default:
      return undefined
  }
}
