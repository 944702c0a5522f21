import { describe, expect, it } from 'vitest'
import { EdgeDuplicationError, GraphConnectivityError, Workflow, WorkflowBuilder, WorkflowValidationError, defaultCase, executor, switchCase } from './index'

const node = (id: string) => executor(id, async (value: unknown, ctx) => ctx.yieldOutput(value))

describe('WorkflowBuilder validation', () => {
  it('rejects duplicate edges', () => {
    const [a, b] = [node('a'), node('b')]
    const build = () => new WorkflowBuilder({ startExecutor: a }).addEdge(a, b).addEdge(a, b).build()
    expect(build).toThrow(EdgeDuplicationError)
    expect(build).toThrow('Duplicate edge detected: a->b. Each edge in the workflow must be unique.')
  })

  it('rejects two executors with one id', () => {
    expect(() => new WorkflowBuilder({ startExecutor: node('a') }).addEdge(node('a'), node('b'))).toThrow("Duplicate executor ID 'a' detected in workflow.")
  })

  it('needs two targets for a fan-out, two sources for a fan-in and two cases for a switch', () => {
    const [a, b] = [node('a'), node('b')]
    const builder = new WorkflowBuilder({ startExecutor: a })
    expect(() => builder.addFanOutEdges(a, [b])).toThrow('FanOutEdgeGroup must contain at least two targets.')
    expect(() => builder.addFanInEdges([a], b)).toThrow('FanInEdgeGroup must contain at least two sources.')
    expect(() => builder.addSwitchCaseEdgeGroup(a, [defaultCase(b)])).toThrow(
      'SwitchCaseEdgeGroup must contain at least two cases (including the default case).',
    )
    expect(() => builder.addSwitchCaseEdgeGroup(a, [switchCase(() => true, b), switchCase(() => true, node('c'))])).toThrow(
      'SwitchCaseEdgeGroup must contain exactly one default case.',
    )
    expect(() => builder.addSwitchCaseEdgeGroup(a, [defaultCase(b), switchCase(() => true, node('d'))])).toThrow(
      'The default case must be the last case of a SwitchCaseEdgeGroup.',
    )
    expect(() => builder.addChain([a])).toThrow('At least two executors are required to form a chain.')
  })

  it('rejects executors the start cannot reach', () => {
    const [a, b, c, d] = [node('a'), node('b'), node('c'), node('d')]
    const build = () => new WorkflowBuilder({ startExecutor: a }).addEdge(a, b).addEdge(c, d).build()
    expect(build).toThrow(GraphConnectivityError)
    expect(build).toThrow("The following executors are unreachable from the start executor 'a': ['c', 'd']. This may indicate a disconnected workflow graph.")
  })

  it('rejects a start executor that is not part of the edges', () => {
    const [a, b, c] = [node('a'), node('b'), node('c')]
    expect(() => new WorkflowBuilder({ startExecutor: a }).addEdge(b, c).build()).toThrow("Start executor 'a' is not present in the workflow graph")
  })

  it('accepts a single executor with no edges', async () => {
    const only = node('only')
    const workflow = new WorkflowBuilder({ startExecutor: only }).build()
    expect(workflow).toBeInstanceOf(Workflow)
    expect((await workflow.run(1)).getOutputs()).toEqual([1])
  })

  it('refuses a Workflow used as a node', () => {
    const inner = new WorkflowBuilder({ startExecutor: node('x') }).build()
    expect(() => new WorkflowBuilder({ startExecutor: inner as never })).toThrow('wrap it in a WorkflowExecutor')
  })
})

describe('output designation', () => {
  function chain(options: Record<string, unknown>) {
    const planner = executor('planner', async (text: string, ctx) => {
      ctx.yieldOutput(`plan:${text}`)
      ctx.sendMessage(text)
    })
    const answerer = executor('answerer', async (text: string, ctx) => ctx.yieldOutput(`answer:${text}`))
    const resolve = (value: unknown) => (Array.isArray(value) ? value.map((id) => (id === 'planner' ? planner : answerer)) : value)
    return new WorkflowBuilder({
      startExecutor: planner,
      outputFrom: resolve(options.outputFrom) as never,
      intermediateOutputFrom: resolve(options.intermediateOutputFrom) as never,
    })
      .addEdge(planner, answerer)
      .build()
  }

  it('treats every yield as output when nothing is designated', async () => {
    const run = await chain({}).run('q')
    expect(run.getOutputs()).toEqual(['plan:q', 'answer:q'])
    expect(run.getIntermediateOutputs()).toEqual([])
  })

  it('hides yields of executors that are not designated', async () => {
    const run = await chain({ outputFrom: ['answerer'] }).run('q')
    expect(run.getOutputs()).toEqual(['answer:q'])
    expect(run.getIntermediateOutputs()).toEqual([])
  })

  it("makes 'all_other' executors intermediate", async () => {
    const run = await chain({ outputFrom: ['answerer'], intermediateOutputFrom: 'all_other' }).run('q')
    expect(run.getOutputs()).toEqual(['answer:q'])
    expect(run.getIntermediateOutputs()).toEqual(['plan:q'])
    const progressOnly = await chain({ intermediateOutputFrom: 'all_other' }).run('q')
    expect(progressOnly.getOutputs()).toEqual([])
    expect(progressOnly.getIntermediateOutputs()).toEqual(['plan:q', 'answer:q'])
  })

  it("selects every executor with outputFrom 'all'", async () => {
    const workflow = chain({ outputFrom: 'all' })
    expect((await workflow.run('q')).getOutputs()).toEqual(['plan:q', 'answer:q'])
    expect(workflow.toJSON().outputExecutors).toEqual(['planner', 'answerer'])
  })

  it('rejects empty, duplicate and overlapping designations with the reference messages', () => {
    expect(() => chain({ outputFrom: [] })).toThrow('Explicit workflow output designation must include at least one output or intermediate executor.')
    expect(() => chain({ outputFrom: ['answerer', 'answerer'] })).toThrow("Duplicate output executor designation(s): ['answerer']")
    expect(() => chain({ outputFrom: ['planner'], intermediateOutputFrom: ['answerer', 'answerer'] })).toThrow(
      "Duplicate intermediate executor designation(s): ['answerer']",
    )
    expect(() => chain({ outputFrom: ['answerer'], intermediateOutputFrom: ['answerer'] })).toThrow(
      "Executors cannot be both output and intermediate designated: ['answerer']",
    )
    expect(() => chain({ outputFrom: 'some' })).toThrow("Unsupported outputFrom literal 'some'")
  })

  it('rejects a designated executor that is not in the graph', () => {
    const [a, b] = [node('a'), node('b')]
    const stranger = node('stranger')
    expect(() => new WorkflowBuilder({ startExecutor: a, outputFrom: [stranger] }).addEdge(a, b).build()).toThrow(WorkflowValidationError)
    expect(() => new WorkflowBuilder({ startExecutor: a, outputFrom: [stranger] }).addEdge(a, b).build()).toThrow(
      "Output executor 'stranger' is not present in the workflow graph",
    )
  })
})
