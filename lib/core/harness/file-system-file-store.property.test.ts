/**
 * Hostile paths against FileSystemAgentFileStore: ≥ 10,000 generated paths (traversal, absolute,
 * drive letters, backslashes, NUL, unicode look-alikes, names of links planted inside the root that
 * point outside) through every operation, then races between the store's checks and its opens.
 * The property: nothing outside the root is ever read, written, created or deleted.
 */
import { link, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isCoreError } from '../errors'
import { FileSystemAgentFileStore } from './file-system-file-store'
import type { WalkMode } from './safe-directory'

const OUTSIDE_MARKER = 'SECRET-OUTSIDE'
let base: string
let root: string
let outsidePaths: string[]

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'agentloom-hostile-'))
  root = join(base, 'root')
  const outside = join(base, 'outside')
  const evilSibling = join(base, 'root-evil') // a naive startsWith(root) check would accept it
  await mkdir(join(root, 'sub'), { recursive: true })
  await mkdir(outside)
  await mkdir(evilSibling)
  await writeFile(join(outside, 'secret.txt'), `${OUTSIDE_MARKER} 1`)
  await writeFile(join(outside, 'f.txt'), `${OUTSIDE_MARKER} 2`)
  await writeFile(join(outside, 'hard.txt'), `${OUTSIDE_MARKER} 3`)
  await writeFile(join(evilSibling, 'secret.txt'), `${OUTSIDE_MARKER} 4`)
  await writeFile(join(root, 'sub', 'ok.txt'), 'inside')
  await symlink(outside, join(root, 'link-dir'))
  await symlink('..', join(root, 'sub', 'link-parent'))
  await symlink(join(outside, 'secret.txt'), join(root, 'sub', 'link-file.txt'))
  await symlink(join(outside, 'created-through-link.txt'), join(root, 'dangling'))
  await symlink('/', join(root, 'abs-link'))
  await symlink('../root-evil', join(root, 'evil'))
  await link(join(outside, 'hard.txt'), join(root, 'hard.txt')).catch(() => undefined)
  outsidePaths = [outside, evilSibling]
})

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true })
})

/** Every entry of the sandbox outside the root: type, content or link target. */
async function snapshotOutside(): Promise<Record<string, string>> {
  const entries: Record<string, string> = {}
  async function walk(dir: string): Promise<void> {
    for (const name of (await readdir(dir)).sort()) {
      const path = join(dir, name)
      if (path === root) continue
      const stats = await lstat(path)
      const key = relative(base, path)
      if (stats.isSymbolicLink()) entries[key] = `link → ${await readlink(path)}`
      else if (stats.isDirectory()) {
        entries[key] = 'dir'
        await walk(path)
      } else entries[key] = `file ${await readFile(path, 'utf8')}`
    }
  }
  await walk(base)
  return entries
}

const segmentPool = [
  '..',
  '.',
  '',
  '...',
  'sub',
  'link-dir',
  'link-parent',
  'link-file.txt',
  'dangling',
  'abs-link',
  'evil',
  'hard.txt',
  'outside',
  'root',
  'root-evil',
  'secret.txt',
  'f.txt',
  'etc',
  'passwd',
  '．．',
  '‥',
  '﹒﹒',
  '．',
  'x∕..',
  '..／',
  '..\\',
  'C:',
  'c:',
  'C:\\',
  '\u0000',
  'a\u0000..',
  '%2e%2e',
  '..%2f',
  '~',
  '…',
  '\u202e..',
  '..\u200b',
  ' ..',
  '.. ',
  'ok.txt',
]

const hostileSegment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...segmentPool) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
)

const hostilePath = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', '', '/', '\\', '//', '\\\\?\\', 'C:', 'C:\\', 'd:/', 'Ｃ：', '／', './', '~/'),
        fc.array(hostileSegment, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('/', '\\', '//', '/./', '\\..\\'),
      )
      .map(([prefix, segments, separator]) => prefix + segments.join(separator)),
  },
  { weight: 1, arbitrary: fc.constantFrom('/etc/passwd', 'outside/secret.txt', '../outside/secret.txt', '../root-evil/secret.txt') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant('').map(() => join(base, 'outside', 'secret.txt')) },
)

type Operation = 'write' | 'read' | 'delete' | 'exists' | 'ls' | 'search' | 'mkdir'
const operation = fc.constantFrom<Operation>('write', 'read', 'delete', 'exists', 'ls', 'search', 'mkdir')

/** Runs one operation; reports what came back so the property can inspect it. */
async function attempt(store: FileSystemAgentFileStore, op: Operation, path: string): Promise<unknown> {
  switch (op) {
    case 'write':
      return store.write(path, 'PWNED')
    case 'read':
      return store.read(path)
    case 'delete':
      return store.delete(path)
    case 'exists':
      return store.fileExists(path)
    case 'ls':
      return store.listChildren(path)
    case 'search':
      return store.search(path, 'secret|PWNED|inside')
    case 'mkdir':
      return store.createDirectory(path)
  }
}

const ACCEPTABLE_SYSTEM_ERRORS = new Set(['ENAMETOOLONG', 'EISDIR', 'ENOTDIR', 'EILSEQ', 'EINVAL'])

function assertNothingLeaked(outcome: unknown): void {
  expect(JSON.stringify(outcome ?? null)).not.toContain(OUTSIDE_MARKER)
}

const modes: WalkMode[] = process.platform === 'linux' ? ['descriptor', 'path'] : ['path']

describe('FileSystemAgentFileStore under hostile paths', () => {
  for (const walkMode of modes) {
    const runs = walkMode === 'descriptor' ? 10_000 : 2_000
    it(`never reads, writes or deletes outside the root (${runs} runs, ${walkMode} walk)`, async () => {
      const before = await snapshotOutside()
      const store = new FileSystemAgentFileStore(root, { walkMode })
      await fc.assert(
        fc.asyncProperty(hostilePath, operation, async (path, op) => {
          let outcome: unknown
          try {
            outcome = await attempt(store, op, path)
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code
            if (!isCoreError(error) && !ACCEPTABLE_SYSTEM_ERRORS.has(code ?? '')) throw error
            outcome = (error as Error).message
          }
          assertNothingLeaked(outcome)
        }),
        { numRuns: runs },
      )
      expect(await snapshotOutside()).toEqual(before)
      for (const path of outsidePaths) expect((await readdir(path)).length).toBeGreaterThan(0)
    }, 240_000)
  }

  it('is not fooled by a directory swapped for an outside link while it works (descriptor walk)', async () => {
    if (process.platform !== 'linux') return
    const before = await snapshotOutside()
    const store = new FileSystemAgentFileStore(root, { walkMode: 'descriptor' })
    await mkdir(join(root, 'race'))
    await writeFile(join(root, 'race', 'f.txt'), 'inside race')
    await symlink(join(base, 'outside'), join(root, 'race-parked-link'))
    let stop = false
    const toggler = (async () => {
      // A write may recreate `race` while it is parked: drop that copy (inside the root) and go on.
      // The store may recreate it again between the rm and the rename (more likely on a loaded
      // machine), so this repeats until the rename wins.
      const moveIntoRace = async (from: string) => {
        for (let attempt = 1; ; attempt++) {
          try {
            await rename(join(root, from), join(root, 'race'))
            return
          } catch (error) {
            if (attempt === 200) throw error
            await rm(join(root, 'race'), { recursive: true, force: true, maxRetries: 20, retryDelay: 1 })
          }
        }
      }
      while (!stop) {
        await rename(join(root, 'race'), join(root, 'race-parked-dir'))
        await moveIntoRace('race-parked-link')
        await rename(join(root, 'race'), join(root, 'race-parked-link'))
        await moveIntoRace('race-parked-dir')
      }
    })()
    const seen = { succeeded: 0, rejected: 0 }
    try {
      for (let i = 0; i < 4_000; i++) {
        const op = (['read', 'write', 'ls', 'search', 'exists'] as const)[i % 5]
        try {
          const outcome =
            op === 'read'
              ? await store.read('race/f.txt')
              : op === 'write'
                ? await store.write('race/f.txt', 'PWNED')
                : op === 'ls'
                  ? await store.listChildren('race')
                  : op === 'search'
                    ? await store.search('race', 'secret|inside|pwned')
                    : await store.fileExists('race/f.txt')
          assertNothingLeaked(outcome)
          seen.succeeded += 1
        } catch (error) {
          if (!isCoreError(error)) throw error
          seen.rejected += 1
        }
      }
    } finally {
      stop = true
      await toggler
    }
    expect(await snapshotOutside()).toEqual(before)
    expect(seen.succeeded).toBeGreaterThan(0)
    expect(seen.rejected).toBeGreaterThan(0)
  }, 240_000)

  it('is not fooled by a file swapped for an outside link between its check and its open', async () => {
    const before = await snapshotOutside()
    const store = new FileSystemAgentFileStore(root)
    await writeFile(join(root, 'swap.txt'), 'inside swap')
    await symlink(join(base, 'outside', 'secret.txt'), join(root, 'swap-parked-link'))
    let stop = false
    const toggler = (async () => {
      while (!stop) {
        await rename(join(root, 'swap.txt'), join(root, 'swap-parked-file'))
        await rename(join(root, 'swap-parked-link'), join(root, 'swap.txt'))
        await rename(join(root, 'swap.txt'), join(root, 'swap-parked-link'))
        await rename(join(root, 'swap-parked-file'), join(root, 'swap.txt'))
      }
    })()
    try {
      for (let i = 0; i < 3_000; i++) {
        try {
          assertNothingLeaked(i % 2 === 0 ? await store.read('swap.txt') : await store.write('swap.txt', 'PWNED'))
        } catch (error) {
          if (!isCoreError(error) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        }
      }
    } finally {
      stop = true
      await toggler
    }
    expect(await snapshotOutside()).toEqual(before)
  }, 240_000)
})
