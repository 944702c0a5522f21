/**
 * First-start data: the example MCP server the repository ships and an example workflow that
 * uses it, so a new user can press Run straight away. Idempotent (fixed ids, upserts).
 */
import { EXAMPLE_MCP_SERVER_ID, EXAMPLE_WORKFLOW_DESCRIPTION, EXAMPLE_WORKFLOW_NAME, exampleWorkflowDocument } from '@/lib/graph'
import type { Prisma } from './db/database'

export const EXAMPLE_WORKFLOW_ID = '00000000-0000-4000-8000-00000000a001'

/** Processes starting together on one fresh database race to seed it; losing that race is fine. */
async function unlessSomeoneElseDid(write: () => Promise<unknown>): Promise<void> {
  try {
    await write()
  } catch (error) {
    if ((error as { code?: string }).code !== 'P2002') throw error
  }
}

export async function seedExampleData(prisma: Prisma): Promise<void> {
  // Owned by the first admin when one exists already (e.g. made with `npm run admin` before the first
  // start); otherwise unowned, and the first admin adopts it when created.
  const firstAdmin = await prisma.user.findFirst({ where: { role: 'admin' }, orderBy: { createdAt: 'asc' }, select: { id: true } })
  const ownerId = firstAdmin?.id ?? null
  // Server ids are unique per owner, and not at all among rows nobody owns yet: processes starting together take turns here.
  await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('agentloom:seed-example-mcp-server'))`)
    if (await tx.mcpServer.findFirst({ where: { id: EXAMPLE_MCP_SERVER_ID, ownerId }, select: { rowId: true } })) return
    await tx.mcpServer.create({
      data: {
        id: EXAMPLE_MCP_SERVER_ID,
        name: 'Research assistant (example)',
        description: 'Ships with Agentloom. Its summarize_topic tool asks the client for an LLM completion (MCP sampling), which you approve in the browser.',
        ownerId,
        transport: 'stdio',
        config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] },
      },
    })
  })
  const existing = await prisma.workflow.findUnique({ where: { id: EXAMPLE_WORKFLOW_ID }, select: { id: true } })
  if (existing) return
  await unlessSomeoneElseDid(() =>
    prisma.workflow.create({
      data: {
        id: EXAMPLE_WORKFLOW_ID,
        ownerId,
        name: EXAMPLE_WORKFLOW_NAME,
        description: EXAMPLE_WORKFLOW_DESCRIPTION,
        versions: { create: { version: 1, authorId: ownerId, graph: exampleWorkflowDocument() as object } },
      },
    }),
  )
}
