/**
 * The folder roots an admin allows and the folder an agent is given under one: only listed roots,
 * paths under lib/core's containment rules (no `..`, no absolute paths, no links), nothing outside.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FileAccessSettingsSchema } from '@/lib/graph'
import { fileAccessProviderFor, fileRootsFromEnv, listFileRoots, openAgentFolder } from './file-roots'

const base = mkdtempSync(join(tmpdir(), 'agentloom-file-roots-'))
const root = join(base, 'allowed')
const outside = join(base, 'outside')
mkdirSync(join(root, 'reports', '2026'), { recursive: true })
mkdirSync(outside)
writeFileSync(join(outside, 'secret.txt'), 'not for agents')
symlinkSync(outside, join(root, 'escape'))
const env = { AGENTLOOM_FILE_ROOTS: [root, 'relative/ignored', root].join(delimiter) }

afterAll(() => rmSync(base, { recursive: true, force: true }))

describe('file roots', () => {
  it('lists the absolute roots once each; none means the feature is off', async () => {
    expect(fileRootsFromEnv(env)).toEqual([root])
    expect(fileRootsFromEnv({})).toEqual([])
    await expect(openAgentFolder(root, '', {})).rejects.toThrow(/File access is off/)
  })

  it('lists subfolders for the picker, never through links or outside the root', async () => {
    expect(await listFileRoots({}, env)).toEqual({ roots: [root], folders: [] })
    expect((await listFileRoots({ root }, env)).folders).toEqual(['reports'])
    expect((await listFileRoots({ root, folder: 'reports' }, env)).folders).toEqual(['reports/2026'])
    await expect(listFileRoots({ root: outside }, env)).rejects.toMatchObject({ code: 'invalid_file_root' })
    await expect(listFileRoots({ root, folder: '../outside' }, env)).rejects.toMatchObject({ code: 'invalid_path' })
    await expect(listFileRoots({ root, folder: '/etc' }, env)).rejects.toMatchObject({ code: 'invalid_path' })
    await expect(listFileRoots({ root, folder: 'escape' }, env)).rejects.toMatchObject({
      code: 'invalid_path',
      message: expect.stringMatching(/symbolic link/),
    })
  })

  it('opens an agent folder under an allowed root only, creating it when missing', async () => {
    const store = await openAgentFolder(root, 'reports/new', env)
    await store.write('a.txt', 'hello')
    expect(await (await openAgentFolder(root, 'reports', env)).read('new/a.txt')).toBe('hello')
    await expect(openAgentFolder(outside, '', env)).rejects.toThrow(/not one the server allows/)
    await expect(openAgentFolder(root, '../outside', env)).rejects.toThrow(/Invalid path/)
    await expect(openAgentFolder(root, 'escape', env)).rejects.toThrow(/symbolic link/)
    await expect(store.read('../../../outside/secret.txt')).rejects.toThrow(/Invalid path/)
  })

  it('asks before writes and deletes by default, never before reads; read-only drops the write tools', async () => {
    const settings = (writes?: string) => FileAccessSettingsSchema.parse({ enabled: true, root, folder: 'reports', writes })
    const modes = (provider: Awaited<ReturnType<typeof fileAccessProviderFor>>) =>
      Object.fromEntries(provider.tools.map((tool) => [tool.name, tool.approvalMode]))
    expect(modes(await fileAccessProviderFor(settings(), env))).toMatchObject({
      file_access_read: 'never_require',
      file_access_write: 'always_require',
      file_access_delete: 'always_require',
    })
    expect(Object.keys(modes(await fileAccessProviderFor(settings('read_only'), env)))).not.toContain('file_access_write')
    expect(modes(await fileAccessProviderFor(settings('no_approval'), env))).toMatchObject({ file_access_write: 'never_require' })
  })
})
