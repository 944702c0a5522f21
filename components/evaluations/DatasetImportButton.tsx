'use client'

import { useRef, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useImportDatasetRows } from '@/components/queries/datasets'
import { Button } from '@/components/ui'

/** Pick a CSV or JSONL file; its rows are appended as a new version on top of the one shown (409 when stale). */
export function DatasetImportButton({ datasetId, baseVersion }: { datasetId: string; baseVersion: number }) {
  const input = useRef<HTMLInputElement>(null)
  const importRows = useImportDatasetRows(datasetId)
  const [replace, setReplace] = useState(false)

  const read = async (file: File) => {
    const format = file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl'
    importRows.mutate({ format, content: await file.text(), mode: replace ? 'replace' : 'append', baseVersion })
  }

  return (
    <span className="inline-flex items-center gap-1.5">
      <input
        ref={input}
        type="file"
        accept=".csv,.jsonl,.ndjson,text/csv,application/jsonl"
        className="hidden"
        data-testid="import-file"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void read(file)
        }}
      />
      <Button size="sm" onClick={() => input.current?.click()} disabled={importRows.isPending} data-testid="import-rows">
        {importRows.isPending ? 'Importing…' : 'Import…'}
      </Button>
      <label className="flex items-center gap-1 text-xs text-zinc-600" title="Replace the rows instead of appending to them">
        <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
        replace
      </label>
      {importRows.error ? (
        <span role="alert" className="max-w-64 truncate text-xs text-red-600" title={errorMessage(importRows.error)}>
          {errorMessage(importRows.error)}
        </span>
      ) : null}
    </span>
  )
}
