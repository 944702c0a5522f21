import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import type { WorkflowCheckpoint } from '@/lib/core'
import { openAgentApiKey, sealAgentApiKey } from '../agents/agent-api-key'
import { PostgresCheckpointStorage } from '../checkpoints/postgres-checkpoint-storage'
import { McpServerRegistry } from '../mcp/mcp-server-registry'
import { createTestDatabase } from '../testing/test-database'
import { rotateSecrets, sealPlainSecrets } from './rotate'
import { SecretBox } from '../secrets/secret-box'
import { openWebhookUrl, sealWebhookUrl } from '../approvals/approval-routing'
import { SecretVault } from './secret-vault'
import { openCredentialKey, sealCredentialKey } from '../credentials/credential-secret'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db?.close()
})

const oldKey = randomBytes(32)
const newKey = randomBytes(32)
const admin = {
  userId: 'u-admin',
  email: 'admin@example.test',
  name: 'Admin',
  role: 'admin' as const,
  via: 'token' as const,
  personalWorkspaceId: null,
  memberships: [],
}

function registry(key: Buffer) {
  return new McpServerRegistry(db.prisma, new SecretVault(db.prisma, key, { env: {} }))
}

describe('sealing and rotating secrets at rest', () => {
  it('encrypts plain rows from before encryption, splitting URL secrets out, once', async () => {
    await db.prisma.mcpServer.create({
      data: {
        id: 'legacy-http',
        name: 'Legacy',
        transport: 'http',
        config: { url: 'https://legacy.example/mcp?token=legacy-query-token-1' },
        secrets: { env: {}, headers: { 'X-Key': 'legacy-header-value-1' } },
      },
    })
    const first = await sealPlainSecrets(db.prisma, new SecretVault(db.prisma, oldKey).box)
    expect(first.resealed).toContain('legacy-http')
    const row = await db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'legacy-http' } })
    expect(JSON.stringify(row)).not.toMatch(/legacy-query-token-1|legacy-header-value-1/)
    expect(row.config).toEqual({ url: 'https://legacy.example/mcp?token=[secret]' })
    const config = await registry(oldKey).connectionConfig('legacy-http')
    expect(config).toMatchObject({
      config: { url: 'https://legacy.example/mcp?token=legacy-query-token-1' },
      secrets: { headers: { 'X-Key': 'legacy-header-value-1' } },
    })
    expect((await sealPlainSecrets(db.prisma, new SecretVault(db.prisma, oldKey).box)).resealed).toEqual([])
  })

  it('re-encrypts every secret with the new key in one go, and a second run changes nothing', async () => {
    await registry(oldKey).create(admin, {
      id: 'env-server',
      name: 'Env',
      transport: 'stdio',
      config: { command: 'node', args: ['x.mjs'] },
      secrets: { env: { API_KEY: 'env-secret-value-1' } },
    })
    await db.prisma.agent.create({ data: { id: 'keyed-agent', name: 'Keyed', apiKey: sealAgentApiKey(new SecretBox(oldKey), 'sk-agent-1') } })
    const checkpoint = { checkpointId: 'cp-1', workflowName: 'w', timestamp: new Date().toISOString(), iterationCount: 1 } as unknown as WorkflowCheckpoint
    await new PostgresCheckpointStorage(db.prisma, new SecretBox(oldKey)).save(checkpoint)
    const workspace = await db.prisma.workspace.create({ data: { name: 'Hooked' } })
    const hook = 'https://hooks.example.com/services/T1/B2/webhook-secret-1'
    await db.prisma.workspaceApprovalRouting.create({
      data: { workspaceId: workspace.id, webhook: sealWebhookUrl(new SecretBox(oldKey), hook), webhookHost: 'hooks.example.com' },
    })
    const credential = await db.prisma.providerCredential.create({
      data: { workspaceId: workspace.id, name: 'Team key', provider: 'openai', secret: sealCredentialKey(new SecretBox(oldKey), 'sk-credential-1') },
    })
    const summary = await rotateSecrets(db.prisma, oldKey, newKey)
    expect(summary.resealedCredentials).toEqual([credential.id])
    const resealed = await db.prisma.providerCredential.findUniqueOrThrow({ where: { id: credential.id } })
    expect(openCredentialKey(new SecretBox(newKey), resealed.secret)).toBe('sk-credential-1')
    expect(() => openCredentialKey(new SecretBox(oldKey), resealed.secret)).toThrow(/another key/)
    expect(summary.resealedWebhooks).toEqual([workspace.id])
    const routing = await db.prisma.workspaceApprovalRouting.findUniqueOrThrow({ where: { workspaceId: workspace.id } })
    expect(openWebhookUrl(new SecretBox(newKey), routing.webhook)).toBe(hook)
    expect(summary.resealedCheckpoints).toBe(1)
    expect(await new PostgresCheckpointStorage(db.prisma, new SecretBox(newKey)).load('cp-1')).toEqual(checkpoint)
    expect(summary.resealed).toEqual(expect.arrayContaining(['env-server', 'legacy-http']))
    expect(summary.resealedAgentKeys).toEqual(['keyed-agent'])
    const agent = await db.prisma.agent.findUniqueOrThrow({ where: { id: 'keyed-agent' } })
    expect(openAgentApiKey(new SecretBox(newKey), agent.apiKey)).toBe('sk-agent-1')
    expect((await registry(newKey).connectionConfig('env-server')).secrets.env).toEqual({ API_KEY: 'env-secret-value-1' })
    expect((await registry(newKey).connectionConfig('legacy-http')).config).toEqual({ url: 'https://legacy.example/mcp?token=legacy-query-token-1' })
    await expect(registry(oldKey).connectionConfig('env-server')).rejects.toThrow(/another key/)
    const again = await rotateSecrets(db.prisma, oldKey, newKey)
    expect(again.resealed).toEqual([])
    expect(again.resealedAgentKeys).toEqual([])
    expect(again.resealedCheckpoints).toBe(0)
    expect(again.resealedWebhooks).toEqual([])
    expect(again.resealedCredentials).toEqual([])
  })

  it('changes nothing when a secret cannot be opened with the old key', async () => {
    const before = await db.prisma.mcpServer.findMany({ orderBy: { id: 'asc' } })
    await expect(rotateSecrets(db.prisma, randomBytes(32), randomBytes(32))).rejects.toThrow(/another key/)
    expect(await db.prisma.mcpServer.findMany({ orderBy: { id: 'asc' } })).toEqual(before)
  })
})
