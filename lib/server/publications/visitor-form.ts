/**
 * The public form behind a workflow publication's token (issue #32): people without an account fill in the form the
 * workflow's start node declares (text when it declares none), submit it, follow the run and read its output.
 *
 * Every call names the token (unknown, expired, revoked or an agent's: 404) and counts against the publication's
 * rate limit for the caller's address (429). A visitor is a random id their browser keeps, never an account: a run is
 * theirs by its unguessable id and that visitor id together (any other pair: the 404 of a missing run), and what they
 * see of it is its status and, once it succeeded, the workflow's output: never its events, input of others, errors'
 * details or the workspace's secrets (redacted from the output by value, as everywhere outside text is shown).
 *
 * A submission starts a run of the workflow's latest version by the one path members use (RunService.create), as the
 * person who published it held to the workflow's workspace with no more than the runner role (live-publication.ts),
 * marked `{ kind: 'published', publicationId }` so the workspace sees it among its runs; its approvals go to the
 * workspace's approvers as any run's. Before each, the publication's tokens today are checked against its budget (429).
 */
import type { PublicWorkflow, VisitorRun } from '@/lib/contracts/publications'
import { declaredInputFields, parseGraphDocument } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { DomainError, isDomainError, notFound } from '../domain-errors'
import { runEventStream } from '../runs/events/run-event-stream'
import { RunService } from '../runs/run-service'
import { asPublisher, openPublication, publisherRunner, refuseSpentBudget, type LivePublication } from './live-publication'
import { RUN_VIEW, visitorTurnStream } from './visitor-turn-stream'

export type LiveWorkflowPublication = LivePublication & { workflowId: string }

export class VisitorFormService {
  constructor(private readonly app: AppContext) {}

  private get prisma() {
    return this.app.db.prisma
  }

  /** The live workflow publication behind a token, counted against its rate limit for `address` (404 for any other token). */
  async open(token: string, address: string): Promise<LiveWorkflowPublication> {
    const { targetId, ...publication } = await openPublication(this.app, token, address, 'workflow')
    return { ...publication, workflowId: targetId }
  }

  /** The workflow's name and description, and the form its latest version's start node declares. */
  async workflow(publication: LiveWorkflowPublication): Promise<PublicWorkflow> {
    const workflow = await this.prisma.workflow.findFirst({
      where: { id: publication.workflowId, deletedAt: null },
      select: { name: true, description: true, versions: { orderBy: { version: 'desc' }, take: 1, select: { graph: true } } },
    })
    if (!workflow) throw notFound('Published workflow')
    const parsed = workflow.versions[0] ? parseGraphDocument(workflow.versions[0].graph) : undefined
    const start = parsed?.ok ? parsed.document.nodes.find((node) => node.kind === 'start') : undefined
    return {
      name: workflow.name,
      description: workflow.description,
      inputDescription: start?.kind === 'start' ? start.data.inputDescription : '',
      inputFields: parsed?.ok ? declaredInputFields(parsed.document) : [],
    }
  }

  /** Starts a run of the latest version with the visitor's input; 429 `daily_budget_spent` once today's tokens reach the budget. */
  async submit(publication: LiveWorkflowPublication, visitorId: string, input: string | Record<string, unknown>): Promise<{ runId: string }> {
    await refuseSpentBudget(this.app, publication, 'This form has been used as much as it may today. Try again tomorrow.')
    const runner = await publisherRunner(this.app, publication, 'Published workflow')
    try {
      const run = await asPublisher('Published workflow', () =>
        new RunService(this.app).create(
          runner,
          { workflowId: publication.workflowId, input: typeof input === 'string' ? input : JSON.stringify(input) },
          { runNow: true, trigger: { value: { kind: 'published', publicationId: publication.id }, id: publication.id }, visitorId },
        ),
      )
      return { runId: run.id }
    } catch (error) {
      // The workflow can only fail (a key or server it needs is gone): the problems are the workspace's to read, not the visitor's.
      if (isDomainError(error) && error.code === 'invalid_graph') throw new DomainError('service_unavailable', 'This form cannot take submissions right now.')
      throw error
    }
  }

  /** The visitor's view of their run: its status, and its output once it succeeded. */
  async get(publication: LiveWorkflowPublication, visitorId: string, runId: string): Promise<VisitorRun> {
    const run = await this.requireRun(publication, visitorId, runId)
    if (run.status === 'succeeded') {
      const redactor = await this.app.secretScopes.forRun(runId)
      return { id: runId, status: run.status, outputs: redactor.redactValue((run.outputs as unknown[] | null) ?? []), message: null }
    }
    const message = run.status === 'failed' ? RUN_VIEW.failed : run.status === 'cancelled' ? RUN_VIEW.cancelled : null
    return { id: runId, status: run.status, outputs: null, message }
  }

  /** The visitor's view of their run as it goes (visitor-turn-stream.ts's RUN_VIEW: waiting and the end), from `after`. */
  async events(
    publication: LiveWorkflowPublication,
    visitorId: string,
    runId: string,
    after: number,
    signal: AbortSignal,
  ): Promise<ReadableStream<Uint8Array>> {
    await this.requireRun(publication, visitorId, runId)
    return visitorTurnStream(runEventStream(this.app, runId, after, signal), RUN_VIEW)
  }

  private async requireRun(publication: LiveWorkflowPublication, visitorId: string, runId: string) {
    const run = await this.prisma.run.findFirst({ where: { id: runId, triggerId: publication.id, visitorId }, select: { status: true, outputs: true } })
    if (!run) throw notFound('Run', runId)
    return run
  }
}
