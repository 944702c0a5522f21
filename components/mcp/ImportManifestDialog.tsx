'use client'

import { useId, useState } from 'react'
import { Button, Dialog, Field, Input, Select, Textarea } from '@/components/ui'
import { ApiError, errorMessage } from '@/components/api-client'
import { manifestInvalidDetailsSchema, type ManifestImportSummary, type ManifestProblem } from '@/lib/contracts/mcp-servers'
import { useImportManifest, usePreviewImport } from '@/components/queries/mcp-servers'
import { ImportPreviewList } from './ImportPreviewList'

function problemsOf(error: unknown): ManifestProblem[] {
  if (!(error instanceof ApiError)) return []
  const details = manifestInvalidDetailsSchema.safeParse(error.details)
  return details.success ? details.data.problems : []
}

const ON_EXISTING = [
  { value: 'skip', label: 'Leave servers that already exist as they are' },
  { value: 'update', label: 'Update servers that already exist' },
] as const

export interface ImportManifestDialogProps {
  onClose: () => void
}

/**
 * Paste (or choose a file of) a ToolingManifest.json or a desktop MCP client's `{"mcpServers": {…}}`
 * configuration; Preview lists the servers it would create with each one's problems, Import creates
 * them (environment values and headers kept secret). The result stays shown until closed.
 */
export function ImportManifestDialog({ onClose }: ImportManifestDialogProps) {
  const ids = useId()
  const [manifest, setManifest] = useState('')
  const [onExisting, setOnExisting] = useState<'skip' | 'update'>('skip')
  const [serverUrlBase, setServerUrlBase] = useState('')
  const importing = useImportManifest()
  const previewing = usePreviewImport()
  const result = importing.data ?? null
  const failed = importing.isError ? importing.error : previewing.isError ? previewing.error : null
  const error = failed ? { message: errorMessage(failed), problems: problemsOf(failed) } : null
  const busy = importing.isPending || previewing.isPending
  const preview = previewing.data?.entries

  const body = () => ({ manifest, onExisting, ...(serverUrlBase.trim() ? { serverUrlBase: serverUrlBase.trim() } : {}) })
  const submit = () => importing.mutate(body())
  const edited = (text: string) => {
    setManifest(text)
    previewing.reset()
    importing.reset()
  }
  const chooseFile = async (file: File | undefined) => {
    if (file) edited(await file.text())
  }

  const footer = (
    <>
      <Button onClick={onClose}>{result ? 'Close' : 'Cancel'}</Button>
      <Button data-testid="mcp-import-preview-button" disabled={busy || manifest.trim() === ''} onClick={() => previewing.mutate(body())}>
        Preview
      </Button>
      <Button variant="primary" data-testid="mcp-import-submit" disabled={busy || manifest.trim() === ''} onClick={submit}>
        {busy ? 'Importing…' : 'Import'}
      </Button>
    </>
  )

  return (
    <Dialog
      open
      onClose={onClose}
      title="Import MCP servers"
      description='Paste a ToolingManifest.json or a desktop MCP client&apos;s configuration ({"mcpServers": {…}}), or choose the file.'
      footer={footer}
      size="2xl"
    >
      <Field label="File" htmlFor={`${ids}-file`}>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".json,application/json"
          data-testid="mcp-import-file"
          className="text-sm"
          onChange={(event) => void chooseFile(event.target.files?.[0])}
        />
      </Field>
      <Field label="Configuration" htmlFor={`${ids}-manifest`}>
        <Textarea
          id={`${ids}-manifest`}
          data-testid="mcp-field-manifest"
          rows={10}
          className="font-mono text-xs"
          placeholder={'{ "mcpServers": [ { "mcpServerName": "…", "url": "https://…" } ] }'}
          value={manifest}
          onChange={(event) => edited(event.target.value)}
        />
      </Field>
      <Field label="Servers without a url" htmlFor={`${ids}-base`} help="Optional base URL: a server's URL becomes <base>/<unique name>.">
        <Input
          id={`${ids}-base`}
          data-testid="mcp-field-serverUrlBase"
          className="font-mono"
          value={serverUrlBase}
          onChange={(event) => setServerUrlBase(event.target.value)}
        />
      </Field>
      <Field label="Existing servers" htmlFor={`${ids}-existing`}>
        <Select
          id={`${ids}-existing`}
          data-testid="mcp-field-onExisting"
          options={ON_EXISTING}
          value={onExisting}
          onChange={(event) => setOnExisting(event.target.value as 'skip' | 'update')}
        />
      </Field>
      {preview && !result ? <ImportPreviewList entries={preview} onExisting={onExisting} /> : null}
      {result ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="mcp-import-result" aria-live="polite">
          {summarise(result)}
        </p>
      ) : null}
      {error ? (
        <div role="alert" data-testid="mcp-error" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {error.problems.length > 0 ? (
            <>
              <p className="font-medium">The manifest cannot be imported:</p>
              <ul className="mt-1 list-disc pl-4">
                {error.problems.map((problem, index) => (
                  <li key={index}>
                    {problem.path ? <code className="font-mono">{problem.path}</code> : null} {problem.message}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            error.message
          )}
        </div>
      ) : null}
    </Dialog>
  )
}

function summarise({ created, updated, skipped }: ManifestImportSummary): string {
  const part = (ids: string[], verb: string) => (ids.length ? `${verb} ${ids.join(', ')}` : '')
  return [part(created, 'Added'), part(updated, 'Updated'), part(skipped, 'Left as they were:')].filter(Boolean).join('. ') || 'The manifest lists no servers.'
}
