import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FileHistoryProvider } from './file-history-provider'
import { historyProviderContract } from './history-provider.contract'
import { InMemoryHistoryProvider } from './in-memory-history-provider'

historyProviderContract('InMemoryHistoryProvider', () => new InMemoryHistoryProvider())

historyProviderContract('FileHistoryProvider', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentloom-history-'))
  return { provider: new FileHistoryProvider(dir), cleanup: () => rm(dir, { recursive: true, force: true }) }
})

historyProviderContract('FileHistoryProvider (fresh instance per read)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentloom-history-'))
  const writer = new FileHistoryProvider(dir)
  // Reads through a new instance each time prove nothing depends on one instance's cache.
  const provider = Object.assign(writer, {
    getMessages: (sessionId: string | undefined) => new FileHistoryProvider(dir).getMessages(sessionId),
  })
  return { provider, cleanup: () => rm(dir, { recursive: true, force: true }) }
})
