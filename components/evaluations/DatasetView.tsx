'use client'

import { useState } from 'react'
import { Badge, Button, Select } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'
import { LocalTime } from '@/components/ui/LocalTime'
import { useDatasetQuery, useDatasetTypingQuery } from '@/components/queries/datasets'
import { datasetExportUrl } from './datasets-api'
import { DatasetExperiments } from './DatasetExperiments'
import { DatasetImportButton } from './DatasetImportButton'
import { DatasetRowsEditor } from './DatasetRowsEditor'
import { QueryErrorNotice } from './QueryErrorNotice'
import { StartExperimentButton } from './StartExperimentButton'

const NO_FIELDS: never[] = []

/** A dataset's page: its rows (latest version editable, older ones read-only), history, import/export, and its experiments. */
export function DatasetView({ datasetId }: { datasetId: string }) {
  const [version, setVersion] = useState<number | undefined>(undefined)
  const query = useDatasetQuery(datasetId, version)
  const latest = useDatasetQuery(datasetId).data?.dataset.latestVersion
  const workflowId = query.data?.dataset.workflowId ?? null
  const typing = useDatasetTypingQuery(workflowId)
  const fields = typing.data?.fields ?? NO_FIELDS

  if (query.isError && !query.data) return <QueryErrorNotice what="the dataset" error={query.error} onRetry={() => void query.refetch()} />
  if (!query.data) return <p className="text-sm text-zinc-500">Loading dataset…</p>
  const { dataset, version: shown } = query.data
  const isLatest = shown.version === (latest ?? dataset.latestVersion)
  const versions = Array.from({ length: latest ?? dataset.latestVersion }, (_, index) => (latest ?? dataset.latestVersion) - index)

  return (
    <div className="flex flex-col gap-4" data-testid="dataset-view" data-version={shown.version}>
      <header className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3">
        <div className="min-w-0">
          <nav aria-label="Breadcrumb" className="text-xs text-zinc-500">
            <IntentLink href="/datasets" className="hover:text-zinc-800 hover:underline">
              Datasets
            </IntentLink>
          </nav>
          <div className="mt-0.5 flex flex-wrap items-center gap-2">
            <h1 className="truncate text-lg font-semibold tracking-tight text-zinc-900" data-testid="dataset-title">
              {dataset.name}
            </h1>
            <Badge data-testid="dataset-version">v{shown.version}</Badge>
            {!isLatest ? <Badge tone="warning">older version · read-only</Badge> : null}
          </div>
          <p className="mt-1 text-xs text-zinc-500">
            Saved <LocalTime iso={shown.createdAt} />
            {shown.author ? ` by ${shown.author.name}` : ''}
            {shown.note ? ` · “${shown.note}”` : ''}
            {workflowId ? (
              <>
                {' · inputs typed by '}
                <IntentLink href={`/workflows/${workflowId}`} className="text-indigo-600 hover:underline">
                  {typing.data?.name ?? 'its workflow'}
                </IntentLink>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1.5 text-xs text-zinc-600">
            History
            <Select
              aria-label="Version"
              className="h-7 w-24 text-xs"
              value={String(shown.version)}
              onChange={(event) => {
                const chosen = Number(event.target.value)
                setVersion(chosen === latest ? undefined : chosen)
              }}
              options={versions.map((number) => ({ value: String(number), label: `v${number}` }))}
              data-testid="dataset-history"
            />
          </label>
          <a
            className="inline-flex h-7 items-center rounded-md border border-zinc-300 bg-white px-2 text-xs font-medium text-zinc-800 hover:bg-zinc-50"
            href={datasetExportUrl(datasetId, 'csv', shown.version)}
            download
            data-testid="export-csv"
          >
            Export CSV
          </a>
          <a
            className="inline-flex h-7 items-center rounded-md border border-zinc-300 bg-white px-2 text-xs font-medium text-zinc-800 hover:bg-zinc-50"
            href={datasetExportUrl(datasetId, 'jsonl', shown.version)}
            download
            data-testid="export-jsonl"
          >
            Export JSONL
          </a>
          {isLatest ? <DatasetImportButton datasetId={datasetId} baseVersion={shown.version} /> : null}
          {isLatest ? (
            <StartExperimentButton dataset={dataset} version={shown.version} />
          ) : (
            <Button size="sm" onClick={() => setVersion(undefined)}>
              Back to latest
            </Button>
          )}
        </div>
      </header>
      <DatasetRowsEditor
        key={`${shown.version}`}
        datasetId={datasetId}
        version={shown}
        fields={fields}
        readOnly={!isLatest}
        onReloaded={() => setVersion(undefined)}
      />
      <DatasetExperiments datasetId={datasetId} />
    </div>
  )
}
