/**
 * The workflow versions this process checked for a run's create (RunService.refuseWhatCanOnlyFail) and found to name
 * nothing the server offers: no MCP server, skill, saved agent or sub-workflow. Such a version's check depends on its
 * graph, which never changes once saved, and on this process's environment (which model providers are configured), so
 * a later create of it reuses the check and writes the run in one statement instead of reading the graph first.
 *
 * An entry is kept under what the create asked for (a workflow's version number, or its latest) and says which version
 * that was; the insert writes the run only if the version it finds is still that one. A save since (a new latest)
 * makes the insert write nothing, and the create checks the new version as a first create does. A version that names
 * a server, a skill or an agent is checked at every create: those can change or go without a new version.
 */
import type { GraphDocument } from '@/lib/graph'

/** Versions kept at once, as many as the process keeps documents (version-documents.ts); the oldest goes first (a forgotten one is checked again). */
const CHECKED_VERSIONS_KEPT = 256

export interface CheckedVersion {
  versionId: string
  /** The version's graph, parsed and checked. */
  document: GraphDocument
}

export interface CheckedVersionKey {
  workflowId: string
  /** The version number asked for; undefined for the workflow's latest. */
  version?: number
  /** The environment the check read (environmentFactsKey): a change of it is another key. */
  environment: string
}

export class CheckedVersions {
  private readonly entries = new Map<string, CheckedVersion>()

  constructor(private readonly kept = CHECKED_VERSIONS_KEPT) {}

  get(key: CheckedVersionKey): CheckedVersion | undefined {
    return this.entries.get(keyText(key))
  }

  remember(key: CheckedVersionKey, checked: CheckedVersion): void {
    const text = keyText(key)
    this.entries.delete(text)
    if (this.entries.size >= this.kept) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(text, checked)
  }

  /** The version asked for is no longer the one kept (a newer save), or the workflow is gone. */
  forget(key: CheckedVersionKey): void {
    this.entries.delete(keyText(key))
  }
}

function keyText({ workflowId, version, environment }: CheckedVersionKey): string {
  return `${workflowId}@${version ?? 'latest'}#${environment}`
}
