import { appendFile, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CorruptHistoryLineError, SessionPathError } from '../errors'
import { Message } from '../types'
import { FileHistoryProvider } from './file-history-provider'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentloom-file-history-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const message = (text: string, role: Message['role'] = 'user') => new Message({ role, text })
const line = (text: string) => JSON.stringify(message(text).toJSON()) + '\n'

describe('FileHistoryProvider storage layout', () => {
  it('writes one JSONL file per session, one message per line', async () => {
    const provider = new FileHistoryProvider(dir)
    await provider.saveMessages('chat-1', [message('a'), message('b', 'assistant')])
    await provider.saveMessages('chat-2', [message('c')])
    expect((await readdir(dir)).sort()).toEqual(['chat-1.jsonl', 'chat-2.jsonl'])
    const lines = (await readFile(join(dir, 'chat-1.jsonl'), 'utf8')).trimEnd().split('\n')
    expect(lines.map((l) => JSON.parse(l))).toEqual([message('a').toJSON(), message('b', 'assistant').toJSON()])
  })

  it('creates the storage directory on first write', async () => {
    const nested = join(dir, 'deep', 'er')
    const provider = new FileHistoryProvider(nested)
    expect(await provider.getMessages('x')).toEqual([])
    await provider.saveMessages('x', [message('hi')])
    expect(await readdir(nested)).toEqual(['x.jsonl'])
  })

  it('names files for missing, unsafe and very long ids without leaving the directory', async () => {
    const provider = new FileHistoryProvider(dir)
    expect(provider.filePathFor(undefined)).toBe(join(dir, 'default.jsonl'))
    expect(provider.filePathFor('')).toBe(join(dir, 'default.jsonl'))
    expect(provider.filePathFor('../../etc/passwd')).toBe(join(dir, `~session-${Buffer.from('../../etc/passwd').toString('base64url')}.jsonl`))
    expect(provider.filePathFor('/abs/path')).toBe(join(dir, `~session-${Buffer.from('/abs/path').toString('base64url')}.jsonl`))
    expect(provider.filePathFor('x'.repeat(500))).toMatch(/~session-sha256-[0-9a-f]{64}\.jsonl$/)
    for (const id of ['..', '.', 'a\\b', 'a\u0000b', 'C:\\x', '-rf']) {
      expect(provider.filePathFor(id).startsWith(dir + '/~session-')).toBe(true)
    }
    await provider.saveMessages('../outside', [message('contained')])
    expect((await readdir(join(dir, '..'))).includes('outside.jsonl')).toBe(false)
    expect(await readdir(dir)).toEqual([`~session-${Buffer.from('../outside').toString('base64url')}.jsonl`])
  })
})

describe('FileHistoryProvider reading', () => {
  it('reports a corrupt line with its file and line number and still loads the rest', async () => {
    const reports: CorruptHistoryLineError[] = []
    const provider = new FileHistoryProvider(dir, { onCorruptLine: (error) => reports.push(error) })
    const file = provider.filePathFor('bad')
    await writeFile(file, line('one') + '{"role":"user","contents":[{"type":"te\n' + '\n' + line('three') + '{"role":"nobody","contents":[]}\n' + line('five'))
    const loaded = await provider.getMessages('bad')
    expect(loaded.map((m) => m.text)).toEqual(['one', 'three', 'five'])
    expect(reports.map((r) => r.lineNumber)).toEqual([2, 5])
    expect(reports[0]).toBeInstanceOf(CorruptHistoryLineError)
    expect(reports[0].filePath).toBe(file)
    expect(reports[0].message).toMatch(new RegExp(`^Corrupt history record at .*bad\\.jsonl:2: invalid JSON`))
    expect(reports[1].message).toContain(':5: not a message (role:')
  })

  it('logs corrupt lines as warnings by default', async () => {
    const warnings: string[] = []
    const logger = { debug() {}, info() {}, error() {}, warn: (m: string) => warnings.push(m) }
    const provider = new FileHistoryProvider(dir, { logger })
    await writeFile(provider.filePathFor('w'), 'not json\n' + line('ok'))
    expect((await provider.getMessages('w')).map((m) => m.text)).toEqual(['ok'])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('w.jsonl:1')
  })

  it('picks up lines appended by another writer, and leaves a half-written last line for later', async () => {
    const provider = new FileHistoryProvider(dir)
    await provider.saveMessages('shared', [message('mine')])
    expect((await provider.getMessages('shared')).map((m) => m.text)).toEqual(['mine'])
    const file = provider.filePathFor('shared')
    const theirs = line('theirs')
    await appendFile(file, theirs + theirs.slice(0, 10))
    expect((await provider.getMessages('shared')).map((m) => m.text)).toEqual(['mine', 'theirs'])
    await appendFile(file, line('theirs').slice(10))
    expect((await provider.getMessages('shared')).map((m) => m.text)).toEqual(['mine', 'theirs', 'theirs'])
  })

  it('keeps counting line numbers across incremental reads', async () => {
    const reports: number[] = []
    const provider = new FileHistoryProvider(dir, { onCorruptLine: (e) => reports.push(e.lineNumber) })
    await provider.saveMessages('n', [message('1'), message('2')])
    await provider.getMessages('n')
    await appendFile(provider.filePathFor('n'), 'garbage\n')
    await provider.getMessages('n')
    expect(reports).toEqual([3])
  })

  it('re-reads a file that was replaced by a shorter one, and forgets a deleted one', async () => {
    const provider = new FileHistoryProvider(dir)
    await provider.saveMessages('r', [message('old 1'), message('old 2')])
    await provider.getMessages('r')
    await writeFile(provider.filePathFor('r'), line('new'))
    expect((await provider.getMessages('r')).map((m) => m.text)).toEqual(['new'])
    await rm(provider.filePathFor('r'))
    expect(await provider.getMessages('r')).toEqual([])
  })

  it('refuses a history file that is a symbolic link', async () => {
    const outside = join(dir, 'elsewhere')
    await mkdir(outside)
    await writeFile(join(outside, 'target.jsonl'), line('secret'))
    const storage = join(dir, 'store')
    await mkdir(storage)
    await symlink(join(outside, 'target.jsonl'), join(storage, 'linked.jsonl'))
    const provider = new FileHistoryProvider(storage)
    await expect(provider.getMessages('linked')).rejects.toBeInstanceOf(SessionPathError)
    await expect(provider.saveMessages('linked', [message('x')])).rejects.toBeInstanceOf(SessionPathError)
    expect(await readFile(join(outside, 'target.jsonl'), 'utf8')).toBe(line('secret'))
  })
})

describe('parseStoredMessage', () => {
  it('accepts JSON text or an already-decoded value and reports problems', async () => {
    const { parseStoredMessage } = await import('./message-schema')
    const json = message('x').toJSON()
    const fromText = parseStoredMessage(JSON.stringify(json))
    const fromValue = parseStoredMessage(json)
    expect(fromText.ok && fromText.message.text).toBe('x')
    expect(fromValue.ok && fromValue.message.text).toBe('x')
    expect(parseStoredMessage('{')).toMatchObject({ ok: false, problem: expect.stringMatching(/^invalid JSON/) })
    expect(parseStoredMessage({ role: 'user', contents: [{ type: 'text' }] })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('contents.0.text'),
    })
    expect(parseStoredMessage(42)).toMatchObject({ ok: false })
  })
})
