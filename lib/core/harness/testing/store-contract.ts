/**
 * The behaviour every AgentFileStore shares, as a vitest suite: call it from each store's test
 * file with a factory for a fresh, empty store.
 */
import { describe, expect, it } from 'vitest'
import { FileAccessOperationError, FileAccessPathError, FileAlreadyExistsError } from '../../errors'
import type { AgentFileStore } from '../agent-file-store'

export function describeAgentFileStoreContract(name: string, createStore: () => Promise<AgentFileStore> | AgentFileStore): void {
  describe(`${name}: the AgentFileStore contract`, () => {
    it('writes, reads, overwrites and deletes files, creating parent directories', async () => {
      const store = await createStore()
      await store.write('notes/2024/a.md', 'first')
      expect(await store.read('notes/2024/a.md')).toBe('first')
      await store.write('notes/2024/a.md', 'second')
      expect(await store.read('notes/2024/a.md')).toBe('second')
      expect(await store.fileExists('notes/2024/a.md')).toBe(true)
      expect(await store.delete('notes/2024/a.md')).toBe(true)
      expect(await store.delete('notes/2024/a.md')).toBe(false)
      expect(await store.read('notes/2024/a.md')).toBeNull()
      expect(await store.fileExists('notes/2024/a.md')).toBe(false)
    })

    it('refuses to overwrite when overwrite is false, leaving the file as it was', async () => {
      const store = await createStore()
      await store.write('a.txt', 'original', { overwrite: false })
      await expect(store.write('a.txt', 'new', { overwrite: false })).rejects.toBeInstanceOf(FileAlreadyExistsError)
      expect(await store.read('a.txt')).toBe('original')
    })

    it('normalises backslashes and repeated separators to one forward-slash path', async () => {
      const store = await createStore()
      await store.write('dir\\sub//file.txt', 'x')
      expect(await store.read('dir/sub/file.txt')).toBe('x')
      expect(await store.fileExists('dir/sub/file.txt/')).toBe(true)
    })

    it('keeps unicode, spaces and dotted names that are not traversal', async () => {
      const store = await createStore()
      for (const path of ['notes..md', '...', '.hidden', 'a b/ç ü.txt', '日本/ファイル.md']) {
        await store.write(path, path)
        expect(await store.read(path)).toBe(path)
      }
    })

    it('answers missing files and directories with null, false and []', async () => {
      const store = await createStore()
      expect(await store.read('missing.txt')).toBeNull()
      expect(await store.read('no/such/dir/file.txt')).toBeNull()
      expect(await store.fileExists('missing.txt')).toBe(false)
      expect(await store.delete('missing.txt')).toBe(false)
      expect(await store.listChildren('no/such/dir')).toEqual([])
      expect(await store.search('no/such/dir', 'x')).toEqual([])
    })

    it('does not treat a directory as a file', async () => {
      const store = await createStore()
      await store.write('dir/file.txt', 'x')
      expect(await store.read('dir')).toBeNull()
      expect(await store.fileExists('dir')).toBe(false)
      expect(await store.delete('dir')).toBe(false)
      await expect(store.write('dir', 'x')).rejects.toBeInstanceOf(FileAccessOperationError)
      await expect(store.write('dir/file.txt/below', 'x')).rejects.toBeInstanceOf(FileAccessOperationError)
    })

    it('lists direct children, directories first, each sorted by name', async () => {
      const store = await createStore()
      await store.write('b.txt', 'B')
      await store.write('a.txt', 'A')
      await store.write('reports/2024/q1.md', 'Q1')
      await store.write('archive/old.md', 'old')
      await store.createDirectory('empty')
      expect(await store.listChildren()).toEqual([
        { name: 'archive', type: 'directory' },
        { name: 'empty', type: 'directory' },
        { name: 'reports', type: 'directory' },
        { name: 'a.txt', type: 'file' },
        { name: 'b.txt', type: 'file' },
      ])
      expect(await store.listChildren('reports')).toEqual([{ name: '2024', type: 'directory' }])
      expect(await store.listChildren('reports/2024')).toEqual([{ name: 'q1.md', type: 'file' }])
      expect(await store.listChildren('empty')).toEqual([])
    })

    it('creates directories idempotently, with parents', async () => {
      const store = await createStore()
      await store.createDirectory('x/y/z')
      await store.createDirectory('x/y/z')
      await store.createDirectory('')
      expect(await store.listChildren('x/y')).toEqual([{ name: 'z', type: 'directory' }])
      await store.write('file', 'f')
      await expect(store.createDirectory('file')).rejects.toBeInstanceOf(FileAccessOperationError)
    })

    it('searches case-insensitively and recursively, reporting root-relative names, lines and a snippet', async () => {
      const store = await createStore()
      await store.write('root.md', 'Important data at root')
      await store.write('reports/q1.md', 'intro\r\nIMPORTANT data in reports\nmore important stuff')
      await store.write('reports/2024/q2.txt', 'Important data nested deeper')
      await store.write('other.md', 'nothing here')
      const all = await store.search('', 'important')
      expect(all.map((r) => r.fileName).sort()).toEqual(['reports/2024/q2.txt', 'reports/q1.md', 'root.md'])
      const q1 = all.find((r) => r.fileName === 'reports/q1.md')!
      expect(q1.matchingLines).toEqual([
        { lineNumber: 2, line: 'IMPORTANT data in reports' },
        { lineNumber: 3, line: 'more important stuff' },
      ])
      expect(q1.snippet).toContain('IMPORTANT data in reports')

      const inReports = await store.search('reports', 'important')
      expect(inReports.map((r) => r.fileName).sort()).toEqual(['reports/2024/q2.txt', 'reports/q1.md'])
      const flat = await store.search('reports', 'important', undefined, { recursive: false })
      expect(flat.map((r) => r.fileName)).toEqual(['reports/q1.md'])
    })

    it('filters searched files by glob: base names without a slash, relative paths with one', async () => {
      const store = await createStore()
      await store.write('notes.md', 'Important')
      await store.write('data/raw.txt', 'Important')
      await store.write('reports/2024/q1.md', 'Important')
      const names = async (glob: string, dir = '') => (await store.search(dir, 'important', glob)).map((r) => r.fileName).sort()
      expect(await names('*.md')).toEqual(['notes.md', 'reports/2024/q1.md'])
      expect(await names('**/*.md')).toEqual(['notes.md', 'reports/2024/q1.md'])
      expect(await names('reports/**')).toEqual(['reports/2024/q1.md'])
      expect(await names('*.TXT')).toEqual(['data/raw.txt'])
      expect(await names('2024/*', 'reports')).toEqual(['reports/2024/q1.md'])
      expect(await names('   ')).toHaveLength(3)
    })

    it('rejects bad regular expressions as the caller’s error', async () => {
      const store = await createStore()
      await store.write('a.txt', 'x')
      await expect(store.search('', '(unclosed')).rejects.toBeInstanceOf(FileAccessOperationError)
      await expect(store.search('', '')).rejects.toBeInstanceOf(FileAccessOperationError)
    })

    it('rejects paths that break the rules on every operation', async () => {
      const store = await createStore()
      for (const bad of ['../x', '/etc/passwd', 'C:/x', 'a/../b', './a', 'a\u0000b', '\\\\server\\share']) {
        await expect(store.write(bad, 'x')).rejects.toBeInstanceOf(FileAccessPathError)
        await expect(store.read(bad)).rejects.toBeInstanceOf(FileAccessPathError)
        await expect(store.delete(bad)).rejects.toBeInstanceOf(FileAccessPathError)
        await expect(store.fileExists(bad)).rejects.toBeInstanceOf(FileAccessPathError)
        await expect(store.listChildren(bad)).rejects.toBeInstanceOf(FileAccessPathError)
        await expect(store.search(bad, 'x')).rejects.toBeInstanceOf(FileAccessPathError)
        await expect(store.createDirectory(bad)).rejects.toBeInstanceOf(FileAccessPathError)
      }
      await expect(store.write('', 'x')).rejects.toBeInstanceOf(FileAccessPathError)
      await expect(store.read('   ')).rejects.toBeInstanceOf(FileAccessPathError)
    })
  })
}
