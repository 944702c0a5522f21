import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from './example-workflow'
import type { MigrationTable } from './migrate'
import { readWorkflowFile, serializeWorkflowFile, workflowFileName, workflowToFile } from './workflow-file'

describe('workflow files', () => {
  it('round-trips a workflow with its name, description and schema version', () => {
    const text = serializeWorkflowFile(workflowToFile({ name: 'Research', description: 'Looks things up', document: exampleWorkflowDocument() }))
    expect(JSON.parse(text)).toMatchObject({ agentloom: 'workflow', document: { schemaVersion: 1 } })
    expect(readWorkflowFile(text)).toEqual({
      ok: true,
      name: 'Research',
      description: 'Looks things up',
      document: exampleWorkflowDocument(),
      warnings: [],
    })
  })

  it('accepts a bare document, named by the caller, and fills omitted defaults', () => {
    const bare = {
      schemaVersion: 1,
      nodes: [
        { id: 's', kind: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'o', kind: 'output', position: { x: 1, y: 0 }, data: {} },
      ],
      edges: [{ id: 'e', source: 's', target: 'o' }],
    }
    const read = readWorkflowFile(JSON.stringify(bare), { fallbackName: 'From disk' })
    expect(read).toMatchObject({ ok: true, name: 'From disk', document: { nodes: [{ data: { inputDescription: '' } }, {}] } })
  })

  it('lists every problem with where it is and a sentence, and imports nothing', () => {
    const document = exampleWorkflowDocument() as unknown as { nodes: Array<Record<string, unknown>>; edges: Array<Record<string, unknown>> }
    document.nodes[1]!.position = { x: 'left', y: 0 }
    document.edges[1]!.target = 'nowhere'
    const text = JSON.stringify({ agentloom: 'workflow', name: 'Broken', document })
    const read = readWorkflowFile(text)
    expect(read).toEqual({ ok: false, problems: [{ path: 'document.nodes[1].position.x', message: expect.stringMatching(/number/) }] })

    // Once the schema holds, the structural problems are listed, at their edge.
    document.nodes[1]!.position = { x: 1, y: 0 }
    const structural = readWorkflowFile(JSON.stringify({ agentloom: 'workflow', name: 'Broken', document }))
    expect(structural.ok).toBe(false)
    expect(structural.ok === false && structural.problems).toContainEqual({ path: 'document.edges[1]', message: expect.stringContaining('nowhere') })
  })

  it('says when the text is not JSON, not a workflow file, or from a newer app', () => {
    expect(readWorkflowFile('{ nope')).toMatchObject({ ok: false, problems: [{ path: 'file', message: expect.stringMatching(/^The file is not JSON/) }] })
    expect(readWorkflowFile(JSON.stringify({ agentloom: 'nodes', name: 'x', document: {} }))).toMatchObject({
      ok: false,
      problems: [{ path: 'agentloom', message: expect.stringMatching(/not an Agentloom workflow file/) }],
    })
    expect(readWorkflowFile(JSON.stringify({ agentloom: 'workflow', name: '', document: {} }))).toMatchObject({
      ok: false,
      problems: [{ path: 'name', message: 'A workflow needs a name.' }],
    })
    const newer = readWorkflowFile(JSON.stringify({ agentloom: 'workflow', name: 'x', document: { ...exampleWorkflowDocument(), schemaVersion: 7 } }))
    expect(newer).toMatchObject({ ok: false, problems: [{ path: 'document.schemaVersion', message: expect.stringMatching(/newer than this app supports/) }] })
  })

  it('upgrades a document of an older schema version before checking it', () => {
    // A stand-in table, as in migrate.test.ts: pretend the app is at version 2 and v1 named the kind `type`.
    const migrations: MigrationTable = {
      1: (doc) => ({ ...doc, schemaVersion: 2, nodes: (doc.nodes as Array<Record<string, unknown>>).map(({ type, ...rest }) => ({ ...rest, kind: type })) }),
    }
    const v1 = {
      schemaVersion: 1,
      nodes: exampleWorkflowDocument().nodes.map(({ kind, ...rest }) => ({ ...rest, type: kind })),
      edges: exampleWorkflowDocument().edges,
    }
    const text = JSON.stringify({ agentloom: 'workflow', name: 'Old', document: v1 })
    // Without the step every node is refused; with it, only the literal schemaVersion of today's schema remains.
    expect(readWorkflowFile(text)).toMatchObject({ ok: false, problems: [{ path: 'document.nodes[0].kind' }, {}, {}] })
    expect(readWorkflowFile(text, { migrations, currentVersion: 2 })).toEqual({
      ok: false,
      problems: [{ path: 'document.schemaVersion', message: expect.any(String) }],
    })
  })

  it('names downloads after the workflow', () => {
    expect(workflowFileName('Research assistant (v2)!', 'json')).toBe('research-assistant-v2.json')
    expect(workflowFileName('   ', 'ts')).toBe('workflow.ts')
  })
})
