import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { AgentSession } from '../sessions/agent-session'
import { SessionContext } from '../sessions/session-context'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import type { FunctionTool } from '../tools/function-tool'
import { Message, toFunctionApprovalResponse } from '../types'
import { DEFAULT_FILE_ACCESS_INSTRUCTIONS, FILE_ACCESS_READ_ONLY_TOOL_NAMES, FILE_ACCESS_WRITE_TOOL_NAMES, FileAccessProvider } from './file-access-provider'
import { InMemoryAgentFileStore } from './in-memory-file-store'

async function contextFor(provider: FileAccessProvider): Promise<SessionContext> {
  const context = new SessionContext({ inputMessages: [] })
  const agent = new Agent({ client: new ScriptedChatClient() })
  await provider.beforeRun({ agent, session: new AgentSession(), context, state: {} })
  return context
}

function toolNamed(provider: FileAccessProvider, name: string): FunctionTool {
  const found = provider.tools.find((t) => t.name === name)
  if (!found) throw new Error(`no tool ${name}`)
  return found
}

/** Invokes a tool the way the agent loop does: parse the model's arguments, then run. */
async function call(provider: FileAccessProvider, name: string, args: Record<string, unknown>): Promise<unknown> {
  const fn = toolNamed(provider, name)
  const parsed = fn.parseArguments(args)
  if (!parsed.ok) throw new Error(parsed.problem)
  return fn.invoke(parsed.value)
}

describe('FileAccessProvider', () => {
  it('adds the seven tools and the default instructions to every run', async () => {
    const provider = new FileAccessProvider(new InMemoryAgentFileStore())
    const context = await contextFor(provider)
    expect(context.tools.map((t) => (t as FunctionTool).name)).toEqual([...FILE_ACCESS_READ_ONLY_TOOL_NAMES, ...FILE_ACCESS_WRITE_TOOL_NAMES])
    expect(context.instructions).toEqual([DEFAULT_FILE_ACCESS_INSTRUCTIONS])
    expect(DEFAULT_FILE_ACCESS_INSTRUCTIONS).toContain('persist beyond the current session')
    expect(provider.sourceId).toBe('file_access')
  })

  it('requires approval for every tool by default, and per group when asked', () => {
    const store = new InMemoryAgentFileStore()
    const modes = (provider: FileAccessProvider) => Object.fromEntries(provider.tools.map((t) => [t.name, t.approvalMode]))
    expect(new Set(Object.values(modes(new FileAccessProvider(store))))).toEqual(new Set(['always_require']))
    const readFree = modes(new FileAccessProvider(store, { disableReadOnlyToolApproval: true }))
    for (const name of FILE_ACCESS_READ_ONLY_TOOL_NAMES) expect(readFree[name]).toBe('never_require')
    for (const name of FILE_ACCESS_WRITE_TOOL_NAMES) expect(readFree[name]).toBe('always_require')
    const writeFree = modes(new FileAccessProvider(store, { disableWriteToolApproval: true }))
    for (const name of FILE_ACCESS_READ_ONLY_TOOL_NAMES) expect(writeFree[name]).toBe('always_require')
    for (const name of FILE_ACCESS_WRITE_TOOL_NAMES) expect(writeFree[name]).toBe('never_require')
  })

  it('offers only read, ls and grep when write tools are disabled; takes custom instructions and source id', async () => {
    const provider = new FileAccessProvider(new InMemoryAgentFileStore(), { disableWriteTools: true, instructions: 'Custom.', sourceId: 'files' })
    const context = await contextFor(provider)
    expect(context.tools.map((t) => (t as FunctionTool).name)).toEqual([...FILE_ACCESS_READ_ONLY_TOOL_NAMES])
    expect(context.instructions).toEqual(['Custom.'])
    expect(provider.sourceId).toBe('files')
  })

  it('writes without overwriting unless asked, reads, deletes', async () => {
    const store = new InMemoryAgentFileStore()
    const provider = new FileAccessProvider(store)
    expect(await call(provider, 'file_access_write', { file_name: 'notes.md', content: 'Original' })).toBe("File 'notes.md' written.")
    expect(await call(provider, 'file_access_write', { file_name: 'notes.md', content: 'Updated' })).toBe(
      "File 'notes.md' already exists. To replace it, write again with overwrite set to true.",
    )
    expect(await store.read('notes.md')).toBe('Original')
    await call(provider, 'file_access_write', { file_name: 'notes.md', content: 'Updated', overwrite: true })
    expect(await call(provider, 'file_access_read', { file_name: 'notes.md' })).toBe('Updated')
    expect(await call(provider, 'file_access_read', { file_name: 'missing.md' })).toBe("File 'missing.md' not found.")
    expect(await call(provider, 'file_access_delete', { file_name: 'notes.md' })).toBe("File 'notes.md' deleted.")
    expect(await call(provider, 'file_access_delete', { file_name: 'notes.md' })).toBe("File 'notes.md' not found.")
  })

  it('lists entries (directories first) and filters them with a glob', async () => {
    const store = new InMemoryAgentFileStore()
    await store.write('notes.md', 'n')
    await store.write('data.txt', 'd')
    await store.write('reports/2024/q1.md', 'q')
    const provider = new FileAccessProvider(store)
    expect(await call(provider, 'file_access_ls', {})).toEqual([
      { name: 'reports', type: 'directory' },
      { name: 'data.txt', type: 'file' },
      { name: 'notes.md', type: 'file' },
    ])
    expect(await call(provider, 'file_access_ls', { glob_pattern: '*.md' })).toEqual([{ name: 'notes.md', type: 'file' }])
    expect(await call(provider, 'file_access_ls', { directory: 'reports/2024' })).toEqual([{ name: 'q1.md', type: 'file' }])
  })

  it('greps recursively, re-rooting names to the store root', async () => {
    const store = new InMemoryAgentFileStore()
    await store.write('root.md', 'Important data at root')
    await store.write('reports/q1.md', 'Important data in reports')
    await store.write('reports/2024/q2.md', 'Important data nested deeper')
    const provider = new FileAccessProvider(store)
    const names = (results: unknown) => (results as Array<{ fileName: string }>).map((r) => r.fileName).sort()
    expect(names(await call(provider, 'file_access_grep', { regex_pattern: 'important' }))).toEqual(['reports/2024/q2.md', 'reports/q1.md', 'root.md'])
    expect(names(await call(provider, 'file_access_grep', { regex_pattern: 'Important', directory: 'reports' }))).toEqual([
      'reports/2024/q2.md',
      'reports/q1.md',
    ])
    expect(names(await call(provider, 'file_access_grep', { regex_pattern: 'Important', glob_pattern: 'reports/**' }))).toEqual([
      'reports/2024/q2.md',
      'reports/q1.md',
    ])
    expect(await call(provider, 'file_access_grep', { regex_pattern: '(' })).toMatch(/^Error: Invalid regular expression/)
  })

  it('replaces text and lines, leaving the file alone when the edit is wrong', async () => {
    const store = new InMemoryAgentFileStore()
    await store.write('notes.md', 'a a a')
    const provider = new FileAccessProvider(store)
    expect(await call(provider, 'file_access_replace', { file_name: 'notes.md', old_string: 'a', new_string: 'b' })).toMatch(
      /^Error: old_string occurs 3 times/,
    )
    expect(await store.read('notes.md')).toBe('a a a')
    expect(await call(provider, 'file_access_replace', { file_name: 'notes.md', old_string: 'a', new_string: 'b', replace_all: true })).toBe(
      "Replaced 3 occurrence(s) in 'notes.md'.",
    )
    expect(await call(provider, 'file_access_replace', { file_name: 'missing.md', old_string: 'x', new_string: 'y' })).toBe("File 'missing.md' not found.")

    await store.write('lines.md', 'line1\nline2\nline3')
    expect(await call(provider, 'file_access_replace_lines', { file_name: 'lines.md', edits: [{ line_number: 2, new_line: 'CHANGED' }] })).toBe(
      "Replaced 1 line(s) in 'lines.md'.",
    )
    expect(await store.read('lines.md')).toBe('line1\nCHANGED\nline3')
    expect(await call(provider, 'file_access_replace_lines', { file_name: 'lines.md', edits: [{ line_number: 9, new_line: 'X' }] })).toBe(
      'Error: Line 9 is out of range: the file has 3 line(s).',
    )
    expect(await store.read('lines.md')).toBe('line1\nCHANGED\nline3')
  })

  it('answers hostile paths with the rule broken and touches nothing', async () => {
    const store = new InMemoryAgentFileStore()
    const provider = new FileAccessProvider(store)
    expect(await call(provider, 'file_access_write', { file_name: '../escape.md', content: 'x' })).toBe(
      "Error: Invalid path: \"../escape.md\". Paths must not contain '.' or '..' segments.",
    )
    expect(await call(provider, 'file_access_read', { file_name: '/etc/passwd' })).toMatch(/^Error: Invalid path: "\/etc\/passwd". Paths must be relative/)
    expect(await call(provider, 'file_access_delete', { file_name: 'C:\\temp\\file.md' })).toMatch(/drive root/)
    expect(await call(provider, 'file_access_ls', { directory: '../..' })).toMatch(/^Error: Invalid path/)
    expect(await store.listChildren()).toEqual([])
    expect(await call(provider, 'file_access_write', { file_name: 'notes..md', content: 'fine' })).toBe("File 'notes..md' written.")
  })

  it('holds an agent’s write until a person approves it, then performs it', async () => {
    const store = new InMemoryAgentFileStore()
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('file_access_write', { file_name: 'report.md', content: '# Report' }, 'call_write')),
      modelResponse('Saved the report.'),
    ])
    const agent = new Agent({ client, contextProviders: [new FileAccessProvider(store)] })
    const session = new AgentSession()
    const first = await agent.run('Save a report.', { session })
    expect(first.userInputRequests.map((r) => r.functionCall.name)).toEqual(['file_access_write'])
    expect(await store.read('report.md')).toBeNull()
    expect(client.lastCall?.options.instructions).toContain('## File Access')

    const answer = new Message({ role: 'user', contents: [toFunctionApprovalResponse(first.userInputRequests[0], true)] })
    const second = await agent.run(answer, { session })
    expect(second.text).toBe('Saved the report.')
    expect(await store.read('report.md')).toBe('# Report')
    client.assertComplete()
  })

  it('rejected calls do nothing', async () => {
    const store = new InMemoryAgentFileStore()
    await store.write('keep.md', 'keep me')
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('file_access_delete', { file_name: 'keep.md' })),
      modelResponse('Understood, not deleted.'),
    ])
    const agent = new Agent({ client, contextProviders: [new FileAccessProvider(store)] })
    const session = new AgentSession()
    const first = await agent.run('Delete keep.md', { session })
    await agent.run(new Message({ role: 'user', contents: [toFunctionApprovalResponse(first.userInputRequests[0], false)] }), { session })
    expect(await store.read('keep.md')).toBe('keep me')
  })
})
