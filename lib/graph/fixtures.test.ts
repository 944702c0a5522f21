import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrateGraphDocument } from './migrate'
import type { ProblemCode } from './problems'
import { validate } from './validate'

const fixturesDir = join(import.meta.dirname, '__fixtures__')

function loadFixtures(kind: 'valid' | 'invalid'): Array<[string, unknown]> {
  return readdirSync(join(fixturesDir, kind))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => [name, JSON.parse(readFileSync(join(fixturesDir, kind, name), 'utf8'))])
}

/** Every invalid fixture must be listed here with the error code it has to produce. */
const expectedErrors: Record<string, ProblemCode> = {
  'bad-cel-edge-condition.json': 'invalid_expression',
  'bad-cel-transform.json': 'invalid_expression',
  'bad-position.json': 'invalid_schema',
  'bad-start-input-fields.json': 'invalid_input_fields',
  'condition-unknown-handle.json': 'invalid_handle',
  'dangling-edge.json': 'dangling_edge',
  'duplicate-node-id.json': 'duplicate_id',
  'edge-into-start.json': 'start_has_incoming',
  'fan-in-one-source.json': 'fan_in_sources',
  'future-schema.json': 'unsupported_schema_version',
  'missing-schema-version.json': 'unsupported_schema_version',
  'no-output.json': 'missing_output',
  'no-start.json': 'missing_start',
  'not-an-object.json': 'invalid_schema',
  'orchestration-without-participants.json': 'missing_participants',
  'sub-workflow-without-target.json': 'missing_sub_workflow',
  'two-starts.json': 'multiple_starts',
  'unknown-kind.json': 'invalid_schema',
  'unknown-model-provider.json': 'invalid_schema',
}

describe('valid fixtures', () => {
  const fixtures = loadFixtures('valid')

  it('exist', () => {
    expect(fixtures.length).toBeGreaterThan(0)
  })

  it.each(fixtures)('%s migrates and validates without errors', (_name, raw) => {
    const document = migrateGraphDocument(raw)
    const result = validate(raw)
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(result.ok).toBe(true)
    expect(result.document).toEqual(document)
  })
})

describe('invalid fixtures', () => {
  const fixtures = loadFixtures('invalid')

  it('each has an expected error code', () => {
    expect(fixtures.map(([name]) => name).sort()).toEqual(Object.keys(expectedErrors).sort())
  })

  it.each(fixtures)('%s is rejected with the expected error', (name, raw) => {
    const result = validate(raw)
    expect(result.ok).toBe(false)
    const codes = result.problems.filter((p) => p.severity === 'error').map((p) => p.code)
    expect(codes).toContain(expectedErrors[name])
  })
})
