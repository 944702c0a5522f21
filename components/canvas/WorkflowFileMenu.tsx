'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import dynamic from 'next/dynamic'
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { Button } from '@/components/ui/Button'
import { cn } from '@/components/ui/cn'
import type { GraphDocument } from '@/lib/graph/document'
import type { ExportedMcpServer } from '@/lib/graph/export-typescript'
import { serializeWorkflowFile, workflowFileName, workflowToFile } from '@/lib/graph/workflow-file'
import { useCanvasStore, useCanvasStoreApi } from './CanvasStoreProvider'
import { selectReadOnly } from './store'
import { downloadFile } from './download-file'
import { useEditorAccess } from './EditorWorkspaceProvider'

// The dialogs load when first opened: the editor's first paint does not need their code.
const ImportWorkflowDialog = dynamic(() => import('./ImportWorkflowDialog').then((module) => module.ImportWorkflowDialog), { ssr: false })
const SaveWithNoteDialog = dynamic(() => import('./SaveWithNoteDialog').then((module) => module.SaveWithNoteDialog), { ssr: false })
const MoveWorkflowDialog = dynamic(() => import('@/components/workspaces/MoveWorkflowDialog').then((module) => module.MoveWorkflowDialog), { ssr: false })

export interface WorkflowFileMenuProps {
  save: (note?: string) => Promise<number | undefined>
}

type Notice = { tone: 'ok' | 'error'; text: string } | null

/**
 * The editor's "Workflow" menu: save with a note, the version history, and the workflow as a file —
 * export (download or clipboard) and import as JSON, and export as a TypeScript program. Exports
 * take the canvas as it is now, saved or not.
 */
export function WorkflowFileMenu({ save }: WorkflowFileMenuProps) {
  const store = useCanvasStoreApi()
  const readOnly = useCanvasStore(selectReadOnly)
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState<'import' | 'note' | 'move' | null>(null)
  const access = useEditorAccess()
  const [notice, setNotice] = useState<Notice>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    window.addEventListener('pointerdown', onPointerDown)
    window.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  const current = () => {
    const { name, workflowId, toDocument } = store.getState()
    return { name, workflowId, document: toDocument() }
  }
  const act = (action: () => void | Promise<void>) => () => {
    setOpen(false)
    setNotice(null)
    Promise.resolve()
      .then(action)
      .catch((error: unknown) => setNotice({ tone: 'error', text: errorMessage(error) }))
  }

  const exportJson = act(() => {
    const { name, document } = current()
    downloadFile(workflowFileName(name, 'json'), serializeWorkflowFile(workflowToFile({ name, document })), 'application/json')
  })
  const copyJson = act(async () => {
    const { name, document } = current()
    await navigator.clipboard.writeText(serializeWorkflowFile(workflowToFile({ name, document })))
    setNotice({ tone: 'ok', text: 'Workflow JSON copied to the clipboard.' })
  })
  const exportTypeScript = act(async () => {
    const { name, document } = current()
    // Loaded when asked for: the exporter (with validation and the node kinds) is not needed for the editor's first paint.
    const [{ exportWorkflowAsTypeScript }, mcpServers] = await Promise.all([
      import('@/lib/graph/export-typescript'),
      mcpConnections(document, access.workspaceId),
    ])
    const text = exportWorkflowAsTypeScript(document, { name, mcpServers })
    downloadFile(workflowFileName(name, 'ts'), text, 'text/typescript')
  })

  const { workflowId } = store.getState()
  return (
    <div ref={menuRef} className="relative flex items-center gap-2">
      {notice ? (
        <span
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="workflow-menu-notice"
          className={cn('max-w-72 truncate text-xs', notice.tone === 'error' ? 'text-red-700' : 'text-emerald-700')}
          title={notice.text}
        >
          {notice.text}
        </span>
      ) : null}
      <Button size="sm" variant="ghost" data-testid="workflow-menu" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        Workflow ▾
      </Button>
      {open ? (
        <div
          role="menu"
          aria-label="Workflow"
          className="absolute top-8 right-0 z-20 flex w-60 flex-col rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg"
        >
          {/* A runner or viewer saves nothing. */}
          {readOnly ? null : <MenuButton onClick={act(() => setDialog('note'))}>Save version with note…</MenuButton>}
          {/* A draft (not saved yet) has no history. */}
          {workflowId === '' ? null : (
            <IntentLink role="menuitem" href={`/workflows/${workflowId}/versions`} className={itemClass} onClick={() => setOpen(false)}>
              Version history
            </IntentLink>
          )}
          {workflowId === '' ? null : (
            <IntentLink
              role="menuitem"
              href={`/workflows/${workflowId}/triggers`}
              className={itemClass}
              onClick={() => setOpen(false)}
              data-testid="open-triggers"
            >
              Schedules, webhooks and public forms
            </IntentLink>
          )}
          <div role="separator" className="my-1 border-t border-zinc-100" />
          <MenuButton onClick={exportJson}>Export JSON file</MenuButton>
          <MenuButton onClick={copyJson}>Copy JSON to clipboard</MenuButton>
          <MenuButton onClick={act(() => setDialog('import'))}>Import JSON…</MenuButton>
          <div role="separator" className="my-1 border-t border-zinc-100" />
          <MenuButton onClick={exportTypeScript}>Export as TypeScript</MenuButton>
          {/* Moving needs the editor role here (and in the target); a draft is made in the current workspace first. */}
          {workflowId === '' || readOnly ? null : (
            <>
              <div role="separator" className="my-1 border-t border-zinc-100" />
              <MenuButton onClick={act(() => setDialog('move'))}>Move to workspace…</MenuButton>
            </>
          )}
        </div>
      ) : null}
      {dialog === 'import' ? <ImportWorkflowDialog open onClose={() => setDialog(null)} /> : null}
      {dialog === 'note' ? <SaveWithNoteDialog open onClose={() => setDialog(null)} save={(note) => save(note)} /> : null}
      {dialog === 'move' ? (
        <MoveWorkflowDialog
          workflow={{ id: workflowId, name: store.getState().name, workspaceId: access.workspaceId }}
          onClose={() => setDialog(null)}
          onMoved={(workspaceId) => {
            access.moved(workspaceId)
            setNotice({ tone: 'ok', text: 'Moved to another workspace.' })
          }}
        />
      ) : null}
    </div>
  )
}

const itemClass = 'px-3 py-1.5 text-left text-zinc-800 hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none'

function MenuButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" role="menuitem" className={itemClass} onClick={onClick}>
      {children}
    </button>
  )
}

/**
 * The connections (without secrets) of the MCP servers the workflow's agents use, as the servers
 * page of the workflow's workspace has them (a server's id is unique per workspace only: the header's current
 * workspace may hold another of the same id), so that the exported program can start or reach them. A server that
 * cannot be read (removed, websocket) is left out: the program then says it is missing.
 */
async function mcpConnections(document: GraphDocument, workspaceId: string | null): Promise<Record<string, ExportedMcpServer>> {
  // With the exporter, loaded when asked for.
  const { getMcpServer } = await import('@/components/mcp/mcp-api')
  const ids = new Set<string>()
  for (const node of document.nodes) {
    const data = node.data as {
      mcpServerIds?: string[]
      participants?: Array<{ mcpServerIds: string[] }>
      manager?: { mcpServerIds: string[] }
      orchestrator?: { mcpServerIds: string[] }
    }
    for (const id of [
      ...(data.mcpServerIds ?? []),
      ...(data.participants ?? []).flatMap((p) => p.mcpServerIds),
      ...(data.manager?.mcpServerIds ?? []),
      ...(data.orchestrator?.mcpServerIds ?? []),
    ])
      ids.add(id)
  }
  const connections: Record<string, ExportedMcpServer> = {}
  await Promise.all(
    [...ids].map(async (id) => {
      const { server } = await getMcpServer(id, workspaceId ?? undefined).catch(() => ({ server: undefined }))
      const config = server?.config
      if (!server || !config) return
      if (server.transport === 'stdio' && 'command' in config)
        connections[id] = { transport: 'stdio', command: config.command, args: config.args, cwd: config.cwd }
      else if (server.transport === 'http' && 'url' in config) connections[id] = { transport: 'http', url: config.url }
    }),
  )
  return connections
}
