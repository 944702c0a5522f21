'use client'

import { useMemo } from 'react'
import { errorMessage } from '@/components/api-client'
import { useVersionQuery } from '@/components/queries/workflow-versions'
import { migrateGraphDocument } from '@/lib/graph/migrate'
import { DocumentDiff } from './DocumentDiff'

export interface VersionDiffProps {
  workflowId: string
  /** The older version, shown on the left. */
  from: number
  /** The newer version, shown on the right. */
  to: number
}

/** Two saved versions side by side (DocumentDiff), once both are loaded. */
export function VersionDiff({ workflowId, from, to }: VersionDiffProps) {
  const older = useVersionQuery(workflowId, from)
  const newer = useVersionQuery(workflowId, to)
  const documents = useMemo(
    () => (older.data && newer.data ? { before: migrateGraphDocument(older.data.graph), after: migrateGraphDocument(newer.data.graph) } : undefined),
    [older.data, newer.data],
  )
  const error = older.error ?? newer.error
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(error)}
      </p>
    )
  if (!documents) return <p className="text-sm text-zinc-500">Loading both versions…</p>
  return <DocumentDiff before={documents.before} after={documents.after} beforeLabel={`v${from}`} afterLabel={`v${to}`} />
}
