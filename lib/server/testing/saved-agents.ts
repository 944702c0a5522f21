/**
 * A saved agent with one version, made straight in the database for tests that talk to it (/v1, conversations):
 * its settings are what the agent editor would save, checked by the same schema.
 */
import { AgentSettingsSchema } from '@/lib/graph'
import type { TestApp, TestUser } from './test-app'

export async function createSavedAgent(app: Pick<TestApp, 'db'>, owner: TestUser, settings: Record<string, unknown>): Promise<string> {
  const agent = await app.db.prisma.agent.create({ data: { name: String(settings.name), ownerId: owner.id, workspaceId: owner.personalWorkspaceId } })
  await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition: AgentSettingsSchema.parse(settings), authorId: owner.id } })
  return agent.id
}
