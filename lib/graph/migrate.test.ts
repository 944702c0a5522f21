import { describe, expect, it } from 'vitest'
import { CURRENT_SCHEMA_VERSION, starterDocument } from './document'
import { GraphDocumentError } from './errors'
import { MIGRATIONS, migrateGraphDocument, parseGraphDocument, type MigrationTable } from './migrate'

describe('migrateGraphDocument', () => {
  it('parses a current document and fills defaults', () => {
    const document = migrateGraphDocument({
      schemaVersion: 1,
      nodes: [
        { id: 's', kind: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'a', kind: 'agent', position: { x: 1, y: 2 }, data: { name: 'A' } },
        { id: 'o', kind: 'output', position: { x: 3, y: 4 }, data: {} },
      ],
      edges: [],
    })
    const agent = document.nodes[1]!
    expect(agent.kind).toBe('agent')
    if (agent.kind !== 'agent') throw new Error('unreachable')
    expect(agent.data).toEqual({
      name: 'A',
      instructions: '',
      model: { provider: 'default' },
      mcpServerIds: [],
      functionTools: [],
      skillIds: [],
      toolApprovalMode: 'default',
      mcpTools: {},
      toolApprovals: {},
      structuredOutput: { mode: 'none', name: 'response', schema: '', fields: [] },
      fileAccess: { enabled: false, root: '', folder: '', writes: 'approve' },
      historyWindow: {},
      keepConversationOnService: false,
    })
  })

  it('has no migrations while version 1 is the only version', () => {
    expect(CURRENT_SCHEMA_VERSION).toBe(1)
    expect(Object.keys(MIGRATIONS)).toEqual([])
  })

  it('throws GraphDocumentError with problems', () => {
    try {
      migrateGraphDocument({ schemaVersion: 1, nodes: [{ id: 'x', kind: 'nope' }], edges: [] })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(GraphDocumentError)
      const problems = (error as GraphDocumentError).problems
      expect(problems[0]).toMatchObject({ code: 'invalid_schema', nodeId: 'x', path: ['nodes', 0, 'kind'] })
      expect((error as GraphDocumentError).code).toBe('invalid_graph')
    }
  })

  it('rejects a newer schema version with a clear message', () => {
    const result = parseGraphDocument({ ...starterDocument(), schemaVersion: 7 })
    expect(result).toEqual({
      ok: false,
      problems: [expect.objectContaining({ code: 'unsupported_schema_version', message: expect.stringContaining('schemaVersion 7') })],
    })
  })

  describe('upgrade machinery (with a stand-in table)', () => {
    // Pretend we are at version 3: v1 named the kind field `type`, v2 lacked edge ids.
    const migrations: MigrationTable = {
      1: (doc) => ({
        ...doc,
        schemaVersion: 2,
        nodes: (doc.nodes as Array<Record<string, unknown>>).map(({ type, ...rest }) => ({ ...rest, kind: type })),
      }),
      2: (doc) => ({
        ...doc,
        schemaVersion: 3,
        edges: (doc.edges as Array<Record<string, unknown>>).map((edge, i) => ({ id: `e${i}`, ...edge })),
      }),
    }
    const v1 = {
      schemaVersion: 1,
      nodes: [
        { id: 's', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'o', type: 'output', position: { x: 0, y: 0 }, data: {} },
      ],
      edges: [{ source: 's', target: 'o' }],
    }

    it('applies each step in order, then parses with the current schema', () => {
      // The current schema still has literal 1, so check the upgraded shape through the error path:
      const result = parseGraphDocument(v1, { migrations, currentVersion: 3 })
      expect(result.ok).toBe(false)
      if (result.ok) return
      // The only complaint is the literal schemaVersion: nodes and edges were upgraded correctly.
      expect(result.problems.map((p) => p.path)).toEqual([['schemaVersion']])
    })

    it('reports a gap in the table', () => {
      const result = parseGraphDocument(v1, { migrations: { 2: migrations[2]! }, currentVersion: 3 })
      expect(result).toMatchObject({ ok: false, problems: [{ message: 'No upgrade path from schemaVersion 1.' }] })
    })

    it('refuses a migration that does not bump the version', () => {
      expect(() => parseGraphDocument(v1, { migrations: { 1: (doc) => doc }, currentVersion: 2 })).toThrow(/did not produce version 2/)
    })
  })
})
