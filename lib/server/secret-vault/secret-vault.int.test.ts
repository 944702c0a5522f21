import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { McpServerRegistry } from '../mcp/mcp-server-registry'
import { createTestDatabase } from '../testing/test-database'
import { waitFor } from '../testing/wait-for'
import { environmentSecrets, SecretVault } from './secret-vault'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db?.close()
})

const admin = {
  userId: 'u-admin',
  email: 'admin@example.test',
  name: 'Admin',
  role: 'admin' as const,
  via: 'token' as const,
  personalWorkspaceId: null,
  memberships: [],
}

describe('environmentSecrets', () => {
  it('takes credentials by name, and the secret parts of configured URLs', () => {
    const env = {
      OPENAI_API_KEY: 'sk-openai-123456',
      AGENTLOOM_THREAT_PROTECTION_TOKEN: 'tp-token-123456',
      PATH: '/usr/bin',
      DATABASE_URL: 'postgresql://app:db-password-1@db/app',
      EMPTY_TOKEN: '',
    }
    expect(environmentSecrets(env).sort()).toEqual(['db-password-1', 'sk-openai-123456', 'tp-token-123456'])
  })
})

/** The installation-wide redactor (the host's log): every server's secrets. */
async function everything(vault: SecretVault, text: string): Promise<string> {
  return (await vault.installationRedactor()).redact(text)
}

describe('SecretVault', () => {
  const key = randomBytes(32)

  it('knows a server’s secrets as soon as this process stores them, URL query values included', async () => {
    const vault = new SecretVault(db.prisma, key, { env: { OPENAI_API_KEY: 'sk-from-the-env-1' } })
    expect(await everything(vault, 'sk-from-the-env-1 and env-secret-aaaa1111')).toBe('[redacted] and env-secret-aaaa1111')
    const registry = new McpServerRegistry(db.prisma, vault)
    await registry.create(admin, {
      id: 'vault-http',
      name: 'H',
      transport: 'http',
      config: { url: 'https://h.example/mcp?key=query-secret-bbbb2222' },
      secrets: { headers: { 'X-Key': 'header-secret-cccc3333' } },
    })
    await registry.create(admin, {
      id: 'vault-stdio',
      name: 'S',
      transport: 'stdio',
      config: { command: 'node' },
      secrets: { env: { TOKEN: 'env-secret-aaaa1111' } },
    })
    expect(await everything(vault, 'env-secret-aaaa1111 query-secret-bbbb2222 header-secret-cccc3333')).toBe('[redacted] [redacted] [redacted]')
    expect(vault.redactNow('header-secret-cccc3333')).toBe('[redacted]')
  })

  it('redacts a scope with its servers’ and agents’ secrets and the app’s own, never others’', async () => {
    const vault = new SecretVault(db.prisma, key, { env: { OPENAI_API_KEY: 'sk-from-the-env-1' } })
    const httpOnly = await vault.scopedRedactor({ mcpServerIds: ['vault-http'] })
    // The stdio server's value is not in this scope: only the 8 characters it shares with the header's ("-secret-") go.
    expect(httpOnly.redact('header-secret-cccc3333 query-secret-bbbb2222 env-secret-aaaa1111 sk-from-the-env-1')).toBe(
      '[redacted] [redacted] env[redacted]aaaa1111 [redacted]',
    )
    // The master key, in the forms it is written in, is the app's own.
    expect(httpOnly.redact(`key ${key.toString('base64')} ${key.toString('hex')}`)).toBe('key [redacted] [redacted]')
    // A server outside the owner's scope counts for nothing (the servers here are in no workspace).
    const othersOnly = await vault.scopedRedactor({ mcpServerIds: ['vault-http'], owner: { workspaceId: 'ws-someone-else' } })
    expect(othersOnly.redact('header-secret-cccc3333')).toBe('header-secret-cccc3333')
    expect((await vault.scopedRedactor({})).redact('header-secret-cccc3333 sk-from-the-env-1')).toBe('header-secret-cccc3333 [redacted]')
  })

  it('notices changes made by another process', async () => {
    const vault = new SecretVault(db.prisma, key, { env: {} })
    expect(await everything(vault, 'zq9late77x4dddd')).toBe('zq9late77x4dddd')
    const otherProcess = new McpServerRegistry(db.prisma, new SecretVault(db.prisma, key, { env: {} }))
    await otherProcess.update(admin, 'vault-stdio', { secrets: { env: { LATER: 'zq9late77x4dddd' } } }, 1)
    await waitFor(async () => ((await everything(vault, 'zq9late77x4dddd')) === '[redacted]' ? true : undefined))
    const scoped = () => vault.scopedRedactor({ mcpServerIds: ['vault-stdio'] })
    expect((await scoped()).redact('zq9later88y5eeee')).toBe('zq9later88y5eeee')
    await otherProcess.update(admin, 'vault-stdio', { secrets: { env: { LATER: 'zq9later88y5eeee' } } }, 2)
    await waitFor(async () => ((await scoped()).redact('zq9later88y5eeee') === '[redacted]' ? true : undefined))
  })

  it('logs a server whose secrets it cannot open, and still redacts the others', async () => {
    const errors: string[] = []
    const vault = new SecretVault(db.prisma, randomBytes(32), {
      env: { OPENAI_API_KEY: 'sk-from-the-env-1' },
      logger: { error: (line: string) => errors.push(line) },
    })
    expect(await everything(vault, 'sk-from-the-env-1')).toBe('[redacted]')
    expect(errors.join('\n')).toMatch(/MCP server 'vault-http' cannot be read: .*another key/)
  })
})
