/** What a refused move says would break (409 `missing_references`), as lines a person reads. Pure. */
import { ApiError } from '@/components/api-client'
import { missingReferencesSchema, type MissingReferences } from '@/lib/contracts/workspaces'

const KIND_LABEL: Record<keyof MissingReferences, string> = {
  mcpServers: 'MCP servers',
  skills: 'Skills',
  agents: 'Agents',
  workflows: 'Sub-workflows',
}

export interface MissingGroup {
  label: string
  names: string[]
}

/** The groups of references the target lacks, or null when the error is not a `missing_references` refusal. */
export function missingReferencesOf(error: unknown): MissingGroup[] | null {
  if (!(error instanceof ApiError) || error.code !== 'missing_references') return null
  const details = error.details as { missing?: unknown } | undefined
  const parsed = missingReferencesSchema.safeParse(details?.missing)
  if (!parsed.success) return []
  return (Object.keys(KIND_LABEL) as (keyof MissingReferences)[])
    .filter((kind) => parsed.data[kind].length > 0)
    .map((kind) => ({ label: KIND_LABEL[kind], names: parsed.data[kind] }))
}
