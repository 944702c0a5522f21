'use client'

import { errorMessage } from '@/components/api-client'
import { useFileRootsQuery } from '@/components/queries/agents'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Select } from '@/components/ui/Select'
import type { FileAccessSettings } from '@/lib/graph/node-data'
import type { FieldChange } from './field-types'

/**
 * The agent's folder: one of the roots the admin allows (AGENTLOOM_FILE_ROOTS), then a folder under
 * it, chosen by walking its subfolders. The server checks the choice again when a run starts.
 */
export function FileFolderField({
  label,
  testId,
  value,
  path,
  error,
  onChange,
}: {
  label: string
  testId: string
  value: FileAccessSettings
  path: readonly (string | number)[]
  error?: string
  onChange: FieldChange
}) {
  const roots = useFileRootsQuery()
  const listing = useFileRootsQuery(value.root || undefined, value.folder)
  const set = (patch: Partial<FileAccessSettings>) => onChange(path, { ...value, ...patch })
  const available = roots.data?.roots ?? []
  if (roots.isSuccess && available.length === 0) {
    return (
      <Field label={label}>
        <p className="text-xs text-zinc-500" data-testid={`${testId}-off`}>
          File access is off on this server: an admin allows folders with AGENTLOOM_FILE_ROOTS.
        </p>
      </Field>
    )
  }
  const parent = value.folder.includes('/') ? value.folder.slice(0, value.folder.lastIndexOf('/')) : ''
  return (
    <Field label={label} error={error ?? (roots.isError ? `Could not load folders: ${errorMessage(roots.error)}` : undefined)}>
      <div className="flex flex-col gap-2">
        <Select
          aria-label="Folder root"
          data-testid={`${testId}-root`}
          options={[{ value: '', label: roots.isPending ? 'Loading…' : 'Choose a root' }, ...available.map((root) => ({ value: root, label: root }))]}
          value={value.root}
          onChange={(e) => set({ root: e.target.value, folder: '' })}
        />
        {value.root ? (
          <div className="rounded-md border border-zinc-200 p-2 text-xs">
            <p className="mb-1 text-zinc-600">
              Folder:{' '}
              <span data-testid={`${testId}-folder`} className="font-mono text-zinc-900">
                {value.folder ? `${value.folder}/` : '(the root itself)'}
              </span>
            </p>
            <div className="flex flex-wrap gap-1">
              {value.folder ? (
                <Button size="sm" variant="ghost" onClick={() => set({ folder: parent })}>
                  ↑ Up
                </Button>
              ) : null}
              {(listing.data?.folders ?? []).map((folder) => (
                <Button key={folder} size="sm" data-testid={`${testId}-open-${folder.split('/').pop()}`} onClick={() => set({ folder })}>
                  {folder.split('/').pop()}/
                </Button>
              ))}
            </div>
          </div>
        ) : null}
      </div>
    </Field>
  )
}
