import { describe, expect, it } from 'vitest'
import { InMemoryAgentFileStore } from './in-memory-file-store'
import { describeAgentFileStoreContract } from './testing/store-contract'

describeAgentFileStoreContract('InMemoryAgentFileStore', () => new InMemoryAgentFileStore())

describe('InMemoryAgentFileStore', () => {
  it('keeps names case-sensitive, like the disk store on Linux', async () => {
    const store = new InMemoryAgentFileStore()
    await store.write('Notes.md', 'upper')
    await store.write('notes.md', 'lower')
    expect(await store.read('Notes.md')).toBe('upper')
    expect(await store.read('notes.md')).toBe('lower')
  })

  it('stores writes as text', async () => {
    const store = new InMemoryAgentFileStore()
    await store.write('n.txt', 42 as unknown as string)
    expect(await store.read('n.txt')).toBe('42')
  })
})
