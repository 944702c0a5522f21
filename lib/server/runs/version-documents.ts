/**
 * Saved versions as the documents runs compile, parsed and checked once per process: a workflow version's graph, and
 * an agent version's settings as a turn's one-agent document (turn-document.ts). A version never changes once saved,
 * so a document is kept under its version's id; the same object each time also lets compile() skip the check it made
 * once (compile.ts keeps the documents it found valid).
 *
 * The worker reads a run's version here; a `store: false` turn (responses/unstored-turn.ts) hands in the definition
 * its model lookup already read, so a known version costs neither a read nor a parse.
 */
import type { GraphDocument } from '@/lib/graph'
import { turnDocument } from '../conversations/turn-document'
import type { Prisma } from '../db/database'
import { InvalidSavedWorkflowError, parseSaved } from '../workflows/saved-document'

/** Documents kept at once; the oldest goes first (a forgotten one is read and parsed again). */
const VERSION_DOCUMENTS_KEPT = 256

/** A run's version: a workflow's, or for a conversation turn its agent's. */
export interface RunVersion {
  versionId: string | null
  agentVersionId: string | null
}

export class VersionDocuments {
  private readonly documents = new Map<string, Promise<GraphDocument>>()

  constructor(
    private readonly prisma: Prisma,
    private readonly kept = VERSION_DOCUMENTS_KEPT,
  ) {}

  /** The document a run executes. */
  ofRun(run: RunVersion): Promise<GraphDocument> {
    return run.agentVersionId !== null ? this.ofAgentVersion(run.agentVersionId) : this.ofWorkflowVersion(run.versionId ?? '')
  }

  ofWorkflowVersion(versionId: string): Promise<GraphDocument> {
    return this.remembered(versionId, () =>
      this.prisma.workflowVersion
        .findUniqueOrThrow({ where: { id: versionId }, select: { graph: true } })
        .then((version) => parseSaved(version.graph, 'The saved workflow')),
    )
  }

  /** An agent version's turn document; `definition`: its settings as the caller already read them (no read then). */
  ofAgentVersion(agentVersionId: string, definition?: unknown): Promise<GraphDocument> {
    return this.remembered(`agent:${agentVersionId}`, () =>
      definition !== undefined
        ? Promise.resolve().then(() => turnDocument(definition))
        : this.prisma.agentVersion
            .findUniqueOrThrow({ where: { id: agentVersionId }, select: { definition: true } })
            .then((version) => turnDocument(version.definition)),
    )
  }

  private remembered(key: string, load: () => Promise<GraphDocument>): Promise<GraphDocument> {
    const cached = this.documents.get(key)
    if (cached) return cached
    const document = load()
    if (this.documents.size >= this.kept) this.documents.delete(this.documents.keys().next().value!)
    this.documents.set(key, document)
    // A failed read (not a failed check: an invalid version fails every run of it the same way) is not kept.
    document.catch((error: unknown) => {
      if (!(error instanceof InvalidSavedWorkflowError) && this.documents.get(key) === document) this.documents.delete(key)
    })
    return document
  }
}
