'use client'

import { useMemo, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useSaveDatasetRows } from '@/components/queries/datasets'
import { staleVersionOf } from '@/components/stale-version'
import { Button, Input, Textarea } from '@/components/ui'
import { EmptyListNotice } from '@/components/ui/EmptyListNotice'
import { StaleSaveNotice } from '@/components/ui/StaleSaveNotice'
import type { DatasetVersionView } from '@/lib/contracts/datasets'
import type { InputField } from '@/lib/graph/start-input'
import { draftChanged, draftOf, emptyDraftRow, rowOf, type DraftRow } from './dataset-draft'

export interface DatasetRowsEditorProps {
  datasetId: string
  /** The version shown; edits are saved on top of it. */
  version: DatasetVersionView
  /** The typing workflow's declared start fields: one input column each (none: one free-text input). */
  fields: readonly InputField[]
  readOnly: boolean
  /** "Reload theirs" after a refused save: the page shows the latest version afresh. */
  onReloaded: () => void
}

const CELL = 'px-2 py-1.5 align-top'

/** The rows of one version as an editable table; Save makes a new version naming this one as its base (409 when stale). */
export function DatasetRowsEditor({ datasetId, version, fields, readOnly, onReloaded }: DatasetRowsEditorProps) {
  const initial = useMemo(() => version.rows.map(draftOf), [version.rows])
  const [drafts, setDrafts] = useState<DraftRow[]>(initial)
  const [note, setNote] = useState('')
  const save = useSaveDatasetRows(datasetId)
  const changed = draftChanged(drafts, version.rows)
  const stale = staleVersionOf(save.error)

  const update = (index: number, change: Partial<DraftRow>) => setDrafts((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)))
  const saveOn = (baseVersion: number) =>
    save.mutate(
      { rows: drafts.map((draft) => rowOf(draft, fields)), baseVersion, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => setNote('') },
    )

  return (
    <section className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white" aria-label="Rows">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2">
        <h2 className="text-sm font-semibold text-zinc-800">
          Rows{' '}
          <span className="font-normal text-zinc-500" data-testid="dataset-row-count">
            ({drafts.length})
          </span>
        </h2>
        {readOnly ? null : (
          <div className="flex items-center gap-2">
            <Button size="sm" onClick={() => setDrafts((rows) => [...rows, emptyDraftRow()])} data-testid="add-row">
              Add row
            </Button>
            <Input
              className="h-7 w-56 text-xs"
              placeholder="What changed (optional)"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              aria-label="Version note"
            />
            <Button size="sm" variant="primary" disabled={!changed || save.isPending} onClick={() => saveOn(version.version)} data-testid="save-rows">
              {save.isPending ? 'Saving…' : `Save as v${version.version + 1}`}
            </Button>
          </div>
        )}
      </div>
      {stale ? (
        <div className="px-4">
          <StaleSaveNotice what="dataset" current={stale} busy={save.isPending} onOverwrite={() => saveOn(stale.version)} onReload={onReloaded} />
        </div>
      ) : save.error ? (
        <p role="alert" className="px-4 text-xs text-red-600">
          Not saved: {errorMessage(save.error)}
        </p>
      ) : null}
      {drafts.length === 0 ? (
        <div className="p-4">
          <EmptyListNotice testId="dataset-rows-empty">No rows yet. Add one, import a CSV or JSONL file, or press “Add to dataset” on a run.</EmptyListNotice>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="dataset-rows">
            <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
              <tr>
                <th className="w-10 px-2 py-2 font-medium">#</th>
                {fields.length === 0 ? (
                  <th className="px-2 py-2 font-medium">Input</th>
                ) : (
                  fields.map((field) => (
                    <th key={field.name} className="px-2 py-2 font-medium" title={field.description}>
                      {field.name}
                      <span className="ml-1 font-normal text-zinc-400">{field.type}</span>
                    </th>
                  ))
                )}
                <th className="px-2 py-2 font-medium">Expected</th>
                <th className="px-2 py-2 font-medium">Notes</th>
                <th className="w-10 px-2 py-2">
                  <span className="sr-only">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {drafts.map((draft, index) => (
                <tr key={draft.id ?? `new-${index}`} data-testid="dataset-row-edit">
                  <td className={`${CELL} pt-3 text-xs text-zinc-400 tabular-nums`}>{index + 1}</td>
                  {fields.length === 0 ? (
                    <td className={CELL}>
                      <Textarea
                        rows={2}
                        value={draft.input}
                        readOnly={readOnly}
                        aria-label={`Row ${index + 1} input`}
                        onChange={(event) => update(index, { input: event.target.value })}
                      />
                    </td>
                  ) : (
                    fields.map((field) => (
                      <td key={field.name} className={CELL}>
                        <FieldInput
                          field={field}
                          value={draft.fields[field.name] ?? ''}
                          readOnly={readOnly}
                          label={`Row ${index + 1} ${field.name}`}
                          onChange={(value) => update(index, { fields: { ...draft.fields, [field.name]: value } })}
                        />
                      </td>
                    ))
                  )}
                  <td className={CELL}>
                    <Textarea
                      rows={2}
                      value={draft.expected}
                      readOnly={readOnly}
                      aria-label={`Row ${index + 1} expected`}
                      onChange={(event) => update(index, { expected: event.target.value })}
                    />
                  </td>
                  <td className={CELL}>
                    <Textarea
                      rows={2}
                      value={draft.notes}
                      readOnly={readOnly}
                      aria-label={`Row ${index + 1} notes`}
                      onChange={(event) => update(index, { notes: event.target.value })}
                    />
                  </td>
                  <td className={CELL}>
                    {readOnly ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete row ${index + 1}`}
                        onClick={() => setDrafts((rows) => rows.filter((_, at) => at !== index))}
                      >
                        ✕
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function FieldInput({
  field,
  value,
  readOnly,
  label,
  onChange,
}: {
  field: InputField
  value: string
  readOnly: boolean
  label: string
  onChange: (value: string) => void
}) {
  if (field.type === 'boolean' || field.type === 'enum') {
    const options = field.type === 'boolean' ? ['true', 'false'] : field.options
    return (
      <select
        aria-label={label}
        disabled={readOnly}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm"
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    )
  }
  return (
    <Input
      aria-label={label}
      readOnly={readOnly}
      inputMode={field.type === 'string' ? undefined : 'decimal'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
