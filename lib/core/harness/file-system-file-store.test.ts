import { link, mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FileAccessPathError } from '../errors'
import { FileSystemAgentFileStore } from './file-system-file-store'
import { SYMBOLIC_LINK_MESSAGE } from './path-rules'
import { HARD_LINK_MESSAGE, type WalkMode } from './safe-directory'
import { describeAgentFileStoreContract } from './testing/store-contract'

const sandboxes: string[] = []
afterEach(async () => {
  for (const dir of sandboxes.splice(0)) await rm(dir, { recursive: true, force: true })
})

async function sandbox(): Promise<{ root: string; outside: string }> {
  const base = await mkdtemp(join(tmpdir(), 'agentloom-fs-store-'))
  sandboxes.push(base)
  const outside = join(base, 'outside')
  await mkdir(outside)
  await writeFile(join(outside, 'secret.txt'), 'TOP SECRET')
  return { root: join(base, 'root'), outside }
}

const modes: WalkMode[] = process.platform === 'linux' ? ['descriptor', 'path'] : ['path']

for (const walkMode of modes) {
  describeAgentFileStoreContract(`FileSystemAgentFileStore (${walkMode} walk)`, async () => new FileSystemAgentFileStore((await sandbox()).root, { walkMode }))

  describe(`FileSystemAgentFileStore (${walkMode} walk): links never lead out of the root`, () => {
    it('rejects a symlinked directory in any segment, for every operation, with the exact message', async () => {
      const { root, outside } = await sandbox()
      const store = new FileSystemAgentFileStore(root, { walkMode })
      await mkdir(join(root, 'real'))
      await symlink(outside, join(root, 'real', 'out'))
      const operations = [
        () => store.read('real/out/secret.txt'),
        () => store.write('real/out/new.txt', 'x'),
        () => store.delete('real/out/secret.txt'),
        () => store.fileExists('real/out/secret.txt'),
        () => store.listChildren('real/out'),
        () => store.search('real/out', 'secret'),
        () => store.createDirectory('real/out/sub'),
      ]
      for (const operation of operations) {
        await expect(operation()).rejects.toThrow(new FileAccessPathError(SYMBOLIC_LINK_MESSAGE))
      }
      expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET')
      expect(existsSync(join(outside, 'new.txt'))).toBe(false)
      expect(existsSync(join(outside, 'sub'))).toBe(false)
    })

    it('rejects a symlinked file (also a dangling one) instead of following it', async () => {
      const { root, outside } = await sandbox()
      const store = new FileSystemAgentFileStore(root, { walkMode })
      await symlink(join(outside, 'secret.txt'), join(root, 'link.txt'))
      await symlink(join(outside, 'not-yet.txt'), join(root, 'dangling.txt'))
      await expect(store.read('link.txt')).rejects.toThrow(SYMBOLIC_LINK_MESSAGE)
      await expect(store.write('link.txt', 'overwritten')).rejects.toThrow(SYMBOLIC_LINK_MESSAGE)
      await expect(store.write('dangling.txt', 'created')).rejects.toThrow(SYMBOLIC_LINK_MESSAGE)
      await expect(store.fileExists('link.txt')).rejects.toThrow(SYMBOLIC_LINK_MESSAGE)
      await expect(store.delete('link.txt')).rejects.toThrow(SYMBOLIC_LINK_MESSAGE)
      expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET')
      expect(existsSync(join(outside, 'not-yet.txt'))).toBe(false)
    })

    it('leaves links out of listings and searches', async () => {
      const { root, outside } = await sandbox()
      const store = new FileSystemAgentFileStore(root, { walkMode })
      await store.write('visible.txt', 'secret? no')
      await symlink(outside, join(root, 'out'))
      await symlink(join(outside, 'secret.txt'), join(root, 'secret-link.txt'))
      expect(await store.listChildren()).toEqual([{ name: 'visible.txt', type: 'file' }])
      expect((await store.search('', 'secret')).map((r) => r.fileName)).toEqual(['visible.txt'])
    })

    it('refuses files with several hard links, whose content may live outside', async () => {
      const { root, outside } = await sandbox()
      const store = new FileSystemAgentFileStore(root, { walkMode })
      try {
        await link(join(outside, 'secret.txt'), join(root, 'hard.txt'))
      } catch {
        return // another file system below tmp: no cross-directory hard links to test
      }
      await expect(store.read('hard.txt')).rejects.toThrow(HARD_LINK_MESSAGE)
      await expect(store.write('hard.txt', 'changed')).rejects.toThrow(HARD_LINK_MESSAGE)
      expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET')
      expect((await store.search('', 'secret')).map((r) => r.fileName)).toEqual([])
    })

    it('does not hang on a FIFO planted in the root', async () => {
      const { root } = await sandbox()
      const store = new FileSystemAgentFileStore(root, { walkMode })
      try {
        execFileSync('mkfifo', [join(root, 'pipe')])
      } catch {
        return // no mkfifo here
      }
      expect(await store.read('pipe')).toBeNull()
      expect(await store.fileExists('pipe')).toBe(false)
      expect(await store.listChildren()).toEqual([])
    })
  })
}

describe('FileSystemAgentFileStore', () => {
  it('creates a missing root and resolves the root’s own symlinks (the root is trusted)', async () => {
    const { root } = await sandbox()
    const alias = `${root}-alias`
    sandboxes.push(alias)
    await mkdir(root, { recursive: true })
    await symlink(root, alias)
    const store = new FileSystemAgentFileStore(alias)
    expect(store.rootPath).toBe(root)
    await store.write('a.txt', 'via alias')
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('via alias')
    const fresh = new FileSystemAgentFileStore(join(root, 'new', 'nested'))
    expect(existsSync(fresh.rootPath)).toBe(true)
  })

  it('rejects an empty root', () => {
    expect(() => new FileSystemAgentFileStore('  ')).toThrow(FileAccessPathError)
  })

  it('writes UTF-8 and replaces longer content completely', async () => {
    const { root } = await sandbox()
    const store = new FileSystemAgentFileStore(root)
    await store.write('t.txt', 'a much longer first version')
    await store.write('t.txt', 'ünï')
    expect(await readFile(join(root, 't.txt'), 'utf8')).toBe('ünï')
  })
})
