/**
 * Saved versions' documents are read and parsed once per process (version-documents.ts): a version never changes
 * once saved, so what is kept is what the row said. A version that does not parse fails the same way every time; a
 * read that failed is tried again; a definition the caller hands in is used without a read.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import { countStatements, type StatementCounter } from '../testing/statement-counter'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { InvalidSavedWorkflowError } from '../workflows/saved-document'
import { WorkflowService } from '../workflows/workflow-service'
import { VersionDocuments } from './version-documents'

const greeting = (text: string) =>
  graph()
    .start('start')
    .node('say', 'transform', { expression: `"${text}"` })
    .output()
    .chain('start', 'say', 'output')
    .build() as GraphDocument

const AGENT = { name: 'Helper', instructions: 'Answer briefly.', model: { provider: 'demo' } }

describe('the documents of saved versions', () => {
  let app: TestApp
  let counter: StatementCounter
  let ownerId: string
  let workflowId: string
  let versionId: string

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    const owner = principalOf(await app.addUser())
    ownerId = owner.userId
    const { workflow } = await new WorkflowService(app.db.prisma).create(owner, { name: 'Greeting', graph: greeting('Hello') })
    workflowId = workflow.id
    versionId = (await app.db.prisma.workflowVersion.findFirstOrThrow({ where: { workflowId }, select: { id: true } })).id
    const [{ name }] = await app.db.sql.query<{ name: string }>('SELECT current_database() AS name')
    counter = countStatements(name)
  })
  afterAll(async () => {
    counter?.stop()
    await app?.close()
  })

  async function statementsOf<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
    await counter.settled()
    counter.reset()
    const value = await work()
    await counter.settled()
    return { value, statements: counter.read().statements }
  }

  const transformOf = (document: GraphDocument) => document.nodes.find((node) => node.id === 'say')?.data as { expression?: string }

  it('reads a workflow version once: later runs get the same document, whatever the row says since', async () => {
    const documents = new VersionDocuments(app.db.prisma)
    const first = await statementsOf(() => documents.ofRun({ versionId, agentVersionId: null }))
    expect(first.statements).toBe(1)
    expect(transformOf(first.value).expression).toBe('"Hello"')
    // Versions are never changed by the app; a row changed by hand shows that the second run read nothing.
    await app.db.sql.query(`UPDATE "WorkflowVersion" SET graph = $2 WHERE id = $1`, [versionId, JSON.stringify(greeting('Changed'))])
    const second = await statementsOf(() => documents.ofWorkflowVersion(versionId))
    expect(second.statements).toBe(0)
    expect(second.value).toBe(first.value)
    await app.db.sql.query(`UPDATE "WorkflowVersion" SET graph = $2 WHERE id = $1`, [versionId, JSON.stringify(greeting('Hello'))])
  })

  it('fails a version that does not parse the same way every time, and reads again after a failed read', async () => {
    const documents = new VersionDocuments(app.db.prisma)
    const broken = randomUUID()
    await app.db.prisma.workflowVersion.create({ data: { id: broken, workflowId, version: 90, graph: { nodes: 'none' }, authorId: ownerId } })
    await expect(documents.ofWorkflowVersion(broken)).rejects.toBeInstanceOf(InvalidSavedWorkflowError)
    const again = await statementsOf(() => documents.ofWorkflowVersion(broken).catch((error: unknown) => error))
    expect(again.value).toBeInstanceOf(InvalidSavedWorkflowError)
    expect(again.statements).toBe(0)

    const later = randomUUID()
    await expect(documents.ofWorkflowVersion(later)).rejects.toThrow()
    await app.db.prisma.workflowVersion.create({ data: { id: later, workflowId, version: 91, graph: greeting('Later') as object, authorId: ownerId } })
    expect(transformOf(await documents.ofWorkflowVersion(later)).expression).toBe('"Later"')
  })

  it("makes an agent version's turn document from the definition handed in, without a read, and keeps it", async () => {
    const documents = new VersionDocuments(app.db.prisma)
    const agentVersionId = randomUUID()
    const made = await statementsOf(() => documents.ofAgentVersion(agentVersionId, AGENT))
    expect(made.statements).toBe(0)
    expect(made.value.nodes.map((node) => node.kind)).toEqual(['start', 'agent', 'output'])
    const run = await statementsOf(() => documents.ofRun({ versionId: null, agentVersionId }))
    expect(run.statements).toBe(0)
    expect(run.value).toBe(made.value)
  })

  it('keeps as many documents as it was told, forgetting the oldest first', async () => {
    const documents = new VersionDocuments(app.db.prisma, 2)
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()]
    const first = await documents.ofAgentVersion(a, AGENT)
    await documents.ofAgentVersion(b, AGENT)
    await documents.ofAgentVersion(c, AGENT)
    expect(await documents.ofAgentVersion(c, AGENT)).not.toBe(first)
    // `a` was forgotten: it is made again from what is handed in now.
    expect(await documents.ofAgentVersion(a, { ...AGENT, name: 'Renamed' })).not.toBe(first)
    const remade = await documents.ofAgentVersion(a)
    expect((remade.nodes[1].data as { name?: string }).name).toBe('Renamed')
  })
})
