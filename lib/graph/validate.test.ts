import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from './example-workflow'
import type { ProblemCode } from './problems'
import { graph } from './testing/graph-builder'
import { validate } from './validate'

function codes(raw: unknown, severity?: 'error' | 'warning'): ProblemCode[] {
  return validate(raw)
    .problems.filter((p) => !severity || p.severity === severity)
    .map((p) => p.code)
}

describe('validate', () => {
  it('accepts the seeded example without problems', () => {
    expect(validate(exampleWorkflowDocument())).toMatchObject({ ok: true, problems: [] })
  })

  it('maps schema issues to problems with paths and the node id', () => {
    const result = validate({
      schemaVersion: 1,
      nodes: [{ id: 'a', kind: 'agent', position: { x: 0, y: 0 }, data: { model: { temperature: 9 } } }],
      edges: [],
    })
    expect(result.ok).toBe(false)
    expect(result.document).toBeUndefined()
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'invalid_schema',
        nodeId: 'a',
        path: ['nodes', 0, 'data', 'model', 'temperature'],
        message: expect.stringMatching(/^nodes\[0\]\.data\.model\.temperature: /),
      }),
    ])
  })

  it('names the edge of an edge schema issue', () => {
    const doc = { ...graph().start().output().chain('start', 'output').build() }
    const raw = { ...doc, edges: [{ id: 'e1', source: 'start' }] }
    expect(validate(raw).problems[0]).toMatchObject({ edgeId: 'e1', path: ['edges', 0, 'target'] })
  })

  it('warns about an agent without instructions or name, without blocking', () => {
    const doc = graph().start().agent('a', { instructions: '', name: '' }).output().chain('start', 'a', 'output').build()
    const result = validate(doc)
    expect(result.ok).toBe(true)
    expect(result.problems.map((p) => [p.severity, p.code, p.nodeId])).toEqual([
      ['warning', 'missing_name', 'a'],
      ['warning', 'missing_instructions', 'a'],
    ])
  })

  it('warns about unreachable nodes and dead ends', () => {
    const doc = graph().start().agent('a').agent('loose').agent('stuck').output().chain('start', 'a', 'output').edge('a', 'stuck').build()
    const result = validate(doc)
    expect(result.ok).toBe(true)
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'unreachable_node', nodeId: 'loose' }),
        expect.objectContaining({ code: 'dead_end', nodeId: 'stuck' }),
      ]),
    )
  })

  it('rejects a start that leads nowhere', () => {
    expect(codes(graph().start().output().build(), 'error')).toContain('dead_end')
  })

  it('refuses a loop no edge of which can be left untaken, but not a loop with a condition', () => {
    const closed = graph().start().agent('a').agent('b').output().chain('start', 'a', 'b', 'a').build()
    expect(validate(closed).problems).toContainEqual(expect.objectContaining({ code: 'cycle_without_exit', severity: 'error' }))
    // An exit edge alone does not end the loop: unconditional edges all fire, every time round.
    const leaky = graph().start().agent('a').agent('b').output().chain('start', 'a', 'b', 'a').edge('b', 'output').build()
    expect(codes(leaky, 'error')).toContain('cycle_without_exit')

    const open = graph()
      .start()
      .agent('a')
      .agent('b')
      .output()
      .chain('start', 'a', 'b')
      .edge('b', 'a', { condition: 'input.contains("again")' })
      .edge('b', 'output', { condition: '!input.contains("again")' })
      .build()
    expect(codes(open)).not.toContain('cycle_without_exit')
  })

  it('refuses a Transform wired to itself, naming it', () => {
    const doc = graph()
      .start()
      .node('t', 'transform', { label: 'Shout', expression: 'input + "!"' })
      .output()
      .chain('start', 't', 't')
      .edge('t', 'output')
      .build()
    const problem = validate(doc).problems.find((p) => p.code === 'cycle_without_exit')
    expect(problem).toMatchObject({ severity: 'error', nodeId: 't' })
    expect(problem?.message).toMatch(/^Shout feeds itself with no way out/)
  })

  it('rejects two edges between the same nodes', () => {
    const doc = graph().start().output().chain('start', 'output').edge('start', 'output', { condition: 'true' }).build()
    expect(codes(doc, 'error')).toEqual(['duplicate_edge'])
  })

  it('rejects duplicate edge ids and dangling edges', () => {
    const doc = graph().start().output().chain('start', 'output').build()
    doc.edges.push({ ...doc.edges[0]! })
    doc.edges.push({ id: 'x', source: 'nowhere', target: 'output' })
    expect(codes(doc, 'error')).toEqual(expect.arrayContaining(['duplicate_id', 'dangling_edge']))
  })

  it('checks condition cases: expressions, duplicates, handles, connections', () => {
    const doc = graph()
      .start()
      .node('c', 'condition', {
        cases: [
          { id: 'a', expression: 'input == "a"' },
          { id: 'a', expression: 'input ==' },
          { id: 'b', expression: 'true' },
        ],
      })
      .output()
      .chain('start', 'c')
      .edge('c', 'output', { sourceHandle: 'a' })
      .edge('c', 'output', { sourceHandle: 'default' })
      .edge('c', 'output', { sourceHandle: 'default' })
      .build()
    const problems = validate(doc).problems
    expect(problems.map((p) => p.code)).toEqual(expect.arrayContaining(['duplicate_case', 'invalid_expression', 'invalid_handle', 'unconnected_case']))
    expect(problems.find((p) => p.code === 'unconnected_case')?.message).toContain('case 3')
  })

  it('rejects an edge from a condition without a case handle', () => {
    const doc = graph().start().node('c', 'condition').output().chain('start', 'c', 'output').build()
    expect(validate(doc).problems).toContainEqual(
      expect.objectContaining({ code: 'invalid_handle', message: expect.stringContaining('without naming a case') }),
    )
  })

  it('checks fan-out and fan-in arity and conditional joins', () => {
    const doc = graph()
      .start()
      .node('f', 'fan_out')
      .agent('a')
      .agent('b')
      .node('j', 'fan_in')
      .output()
      .chain('start', 'f', 'a', 'j', 'output')
      .edge('start', 'b')
      .edge('b', 'j', { condition: 'true' })
      .build()
    const problems = validate(doc).problems
    expect(problems).toContainEqual(expect.objectContaining({ code: 'fan_out_targets', severity: 'warning', nodeId: 'f' }))
    expect(problems).toContainEqual(expect.objectContaining({ code: 'fan_in_condition', severity: 'error', nodeId: 'j' }))
  })

  it('checks orchestration participants and options', () => {
    const participant = (id: string) => ({ id, name: id, instructions: 'x' })
    const doc = graph()
      .start()
      .node('g', 'group_chat', { participants: [participant('p'), participant('p')], selection: 'orchestrator' })
      .node('h', 'handoff', { participants: [participant('x')], handoffs: [{ from: 'x', to: ['y'] }], startParticipantId: 'z' })
      .output()
      .chain('start', 'g', 'h', 'output')
      .build()
    const problems = validate(doc).problems.filter((p) => p.severity === 'error')
    expect(problems.map((p) => [p.code, p.nodeId])).toEqual([
      ['duplicate_participant', 'g'],
      ['missing_orchestrator', 'g'],
      ['unknown_participant', 'h'],
      ['unknown_participant', 'h'],
    ])
  })

  it('warns about a human input without prompt and a node after the output', () => {
    const doc = graph().start().node('h', 'human_input').output().agent('after').chain('start', 'h', 'output', 'after').build()
    expect(codes(doc, 'warning')).toEqual(expect.arrayContaining(['missing_prompt', 'output_has_outgoing']))
  })
})
