import { describe, expect, it } from 'vitest'
import { AbortError } from '../errors'
import { Message } from '../types'
import {
  Executor,
  WorkflowAlreadyRunningError,
  WorkflowBuilder,
  WorkflowConvergenceError,
  WorkflowRunArgumentError,
  WorkflowRunState,
  executor,
  isString,
  workflowEventToJSON,
  type WorkflowContext,
  type WorkflowEvent,
} from './index'

async function collect(stream: AsyncIterable<WorkflowEvent>): Promise<WorkflowEvent[]> {
  const events: WorkflowEvent[] = []
  for await (const event of stream) events.push(event)
  return events
}

function sketch() {
  const upper = executor('upper', async (text: string, ctx) => ctx.sendMessage(text.toUpperCase()))
  const emit = executor('emit', async (text: string, ctx) => ctx.yieldOutput(text + '!'))
  return new WorkflowBuilder({ startExecutor: upper }).addEdge(upper, emit).build()
}

/** A workflow whose one executor sends itself the next number until a million supersteps, counting its invocations. */
function endlessLoop() {
  const counter = { invocations: 0 }
  const loop = executor('loop', async (n: number, ctx) => {
    counter.invocations++
    ctx.sendMessage(n + 1)
  })
  return { workflow: new WorkflowBuilder({ startExecutor: loop, maxIterations: 1_000_000 }).addEdge(loop, loop).build(), counter }
}

describe('beforeNextSuperstep', () => {
  function chain(log: string[]) {
    const step = (id: string, last = false) =>
      executor(id, async (text: string, ctx) => {
        log.push(`ran ${id}`)
        if (last) await ctx.yieldOutput(text)
        else await ctx.sendMessage(text)
      })
    const [a, b, c, d] = [step('a'), step('b'), step('c'), step('d', true)]
    return new WorkflowBuilder({ startExecutor: a }).addEdge(a, b).addEdge(b, c).addEdge(c, d).build()
  }

  it('holds the runner between supersteps until it settles, with the one that ended, and not after the last', async () => {
    // As a durable run's recorder does: the hold ends once the consumer has taken (and stored) that superstep's end.
    const log: string[] = []
    const seen = new Map<number, () => void>()
    const taken = (iteration: number) => new Promise<void>((resolve) => seen.set(iteration, resolve))
    const beforeNextSuperstep = async (completed: number) => {
      log.push(`hold after ${completed}`)
      // Superstep 0 (the start) emits no superstep events: nothing to wait for.
      if (completed > 0) await taken(completed)
      log.push(`release ${completed}`)
    }
    for await (const event of chain(log).runStream('go', { beforeNextSuperstep })) {
      if (event.type !== 'superstep_completed') continue
      log.push(`stored ${event.iteration}`)
      seen.get(event.iteration)?.()
    }
    expect(log).toEqual([
      'ran a',
      'hold after 0',
      'release 0',
      'ran b',
      'hold after 1',
      'stored 1',
      'release 1',
      'ran c',
      'hold after 2',
      'stored 2',
      'release 2',
      'ran d',
      'stored 3',
    ])
  })

  it('holds after the start (superstep 0), so a caller can pause before the first node the start feeds', async () => {
    const log: string[] = []
    const controller = new AbortController()
    const beforeNextSuperstep = async (completed: number) => {
      log.push(`hold after ${completed}`)
      controller.abort()
    }
    await expect(chain(log).run('go', { signal: controller.signal, beforeNextSuperstep })).rejects.toBeInstanceOf(AbortError)
    expect(log).toEqual(['ran a', 'hold after 0'])
  })

  it('does not hold after a start that sends nothing: no node waits on it', async () => {
    const holds: number[] = []
    const silent = executor('silent', async (_text: string) => {})
    const run = await new WorkflowBuilder({ startExecutor: silent }).build().run('go', { beforeNextSuperstep: async (completed) => void holds.push(completed) })
    expect(run.getFinalState()).toBe('IDLE')
    expect(holds).toEqual([])
  })

  it('stops waiting for a hold that never ends when the run is cancelled', async () => {
    const log: string[] = []
    const controller = new AbortController()
    const beforeNextSuperstep = () => {
      controller.abort()
      return new Promise<void>(() => {})
    }
    await expect(chain(log).run('go', { signal: controller.signal, beforeNextSuperstep })).rejects.toBeInstanceOf(AbortError)
    expect(log).toEqual(['ran a'])
  })

  it('fails the run when the hold rejects, before the next superstep does anything', async () => {
    const log: string[] = []
    const run = chain(log).run('go', {
      beforeNextSuperstep: async () => {
        throw new Error('could not store the superstep')
      },
    })
    await expect(run).rejects.toThrow(/could not store the superstep/)
    expect(log).toEqual(['ran a'])
  })
})

describe('Workflow.run', () => {
  it('runs the public sketch', async () => {
    const run = await sketch().run('hi')
    expect(run.getOutputs()).toEqual(['HI!'])
    expect(run.getFinalState()).toBe('IDLE')
  })

  it('streams events in superstep order with the reference names', async () => {
    const events = await collect(sketch().runStream('hi'))
    expect(events.map((e) => (e.type === 'status' ? `status:${e.state}` : e.type))).toEqual([
      'started',
      'status:IN_PROGRESS',
      'executor_invoked',
      'executor_completed',
      'superstep_started',
      'executor_invoked',
      'output',
      'executor_completed',
      'superstep_completed',
      'status:IDLE',
    ])
    expect(events[2]).toEqual({ type: 'executor_invoked', executorId: 'upper', data: 'hi' })
    expect(events[3]).toEqual({ type: 'executor_completed', executorId: 'upper', data: ['HI'] })
    expect(events[4]).toEqual({ type: 'superstep_started', iteration: 1 })
    expect(events[6]).toEqual({ type: 'output', executorId: 'emit', data: 'HI!' })
  })

  it('runs one superstep even when the start executor sends nothing, as the reference does', async () => {
    const quiet = executor('quiet', async (text: string, ctx) => ctx.yieldOutput(text))
    const events = await collect(new WorkflowBuilder({ startExecutor: quiet }).build().runStream('hi'))
    expect(events.filter((e) => e.type === 'superstep_started' || e.type === 'superstep_completed')).toEqual([
      { type: 'superstep_started', iteration: 1 },
      { type: 'superstep_completed', iteration: 1 },
    ])
    expect(events.at(-1)).toMatchObject({ type: 'status', state: 'IDLE' })
  })

  it('leaves started and status events out of run() unless asked', async () => {
    const workflow = sketch()
    const plain = await workflow.run('x')
    expect(plain.events.some((e) => e.type === 'status' || e.type === 'started')).toBe(false)
    expect(plain.statusTimeline().map((e) => e.state)).toEqual(['IN_PROGRESS', 'IDLE'])
    const withStatus = await workflow.run('x', { includeStatusEvents: true })
    expect(withStatus.events.filter((e) => e.type === 'status')).toHaveLength(2)
  })

  it('can be run again and starts fresh each time', async () => {
    const workflow = sketch()
    expect((await workflow.run('a')).getOutputs()).toEqual(['A!'])
    expect((await workflow.run('b')).getOutputs()).toEqual(['B!'])
  })

  it('makes every event JSON-safe', async () => {
    const echo = executor('echo', async (text: string, ctx) => ctx.yieldOutput(new Message({ role: 'assistant', text })))
    const run = await new WorkflowBuilder({ startExecutor: echo }).build().run('hello')
    const json = run.events.map(workflowEventToJSON)
    expect(JSON.parse(JSON.stringify(json))).toEqual(json)
    expect(json.find((e) => e.type === 'output')).toEqual({
      type: 'output',
      executorId: 'echo',
      data: { type: 'message', role: 'assistant', contents: [{ type: 'text', text: 'hello' }] },
    })
  })

  it('rejects a message together with responses, and no input at all', async () => {
    const workflow = sketch()
    await expect(workflow.run('x', { responses: {} })).rejects.toThrow("Cannot provide both 'message' and 'responses'. Use one or the other.")
    await expect(workflow.run('x', { checkpointId: 'c' })).rejects.toThrow(WorkflowRunArgumentError)
    await expect(workflow.run()).rejects.toThrow("Must provide at least one of: 'message' (new run)")
  })

  it('rejects a second concurrent run on the same instance', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow = executor('slow', async (_: string, ctx) => {
      await gate
      ctx.yieldOutput('done')
    })
    const workflow = new WorkflowBuilder({ startExecutor: slow }).build()
    const first = workflow.run('a')
    await expect(workflow.run('b')).rejects.toThrow(WorkflowAlreadyRunningError)
    await expect(workflow.run('b')).rejects.toThrow('Workflow is already running. Concurrent executions are not allowed.')
    release()
    expect((await first).getOutputs()).toEqual(['done'])
    expect((await workflow.run('c')).getOutputs()).toEqual(['done'])
  })

  it('fails with the reference message when the graph does not converge', async () => {
    const ping = executor('ping', async (n: number, ctx) => ctx.sendMessage(n + 1))
    const pong = executor('pong', async (n: number, ctx) => ctx.sendMessage(n + 1))
    const workflow = new WorkflowBuilder({ startExecutor: ping, maxIterations: 5 }).addEdge(ping, pong).addEdge(pong, ping).build()
    await expect(workflow.run(0)).rejects.toThrow(new WorkflowConvergenceError(5).message)
    expect(new WorkflowConvergenceError(5).message).toBe('Runner did not converge after 5 iterations.')
  })

  it('counts supersteps like the reference: a chain of N+1 executors fits maxIterations N', async () => {
    const nodes = Array.from({ length: 6 }, (_, i) => executor(`n${i}`, async (v: number, ctx) => (i === 5 ? ctx.yieldOutput(v) : ctx.sendMessage(v + 1))))
    const workflow = new WorkflowBuilder({ startExecutor: nodes[0], maxIterations: 5 }).addChain(nodes).build()
    expect((await workflow.run(0)).getOutputs()).toEqual([5])
  })
})

describe('executor failures', () => {
  function failing() {
    const start = executor('start', async (text: string, ctx) => {
      ctx.setState('seen', text)
      ctx.sendMessage(text)
    })
    const boom = executor('boom', async (text: string, ctx) => {
      ctx.setState('half-done', true)
      if (text === 'bad') throw new TypeError('cannot process bad input')
      ctx.yieldOutput(text)
    })
    return new WorkflowBuilder({ startExecutor: start }).addEdge(start, boom).build()
  }

  it('emits executor_failed, failed and status FAILED, then throws the error', async () => {
    const events: WorkflowEvent[] = []
    const workflow = failing()
    await expect(async () => {
      for await (const event of workflow.runStream('bad')) events.push(event)
    }).rejects.toThrow('cannot process bad input')
    const tail = events.slice(-3)
    expect(tail[0]).toEqual({
      type: 'executor_failed',
      executorId: 'boom',
      error: { message: 'cannot process bad input', errorType: 'TypeError', executorId: 'boom' },
    })
    expect(tail[1]).toEqual({
      type: 'failed',
      error: { message: 'cannot process bad input', errorType: 'TypeError', executorId: 'boom' },
    })
    expect(tail[2]).toEqual({ type: 'status', state: 'FAILED' })
  })

  it('stays usable after a failure', async () => {
    const workflow = failing()
    await expect(workflow.run('bad')).rejects.toThrow(TypeError)
    expect(workflow.isRunning).toBe(false)
    const run = await workflow.run('good')
    expect(run.getOutputs()).toEqual(['good'])
    expect(run.getFinalState()).toBe(WorkflowRunState.IDLE)
  })

  it('finishes the other executors of the failing superstep before reporting', async () => {
    const finished: string[] = []
    const start = executor('start', async (_: string, ctx) => ctx.sendMessage('go'))
    const bad = executor('bad', async () => {
      throw new Error('bad executor')
    })
    const slow = executor('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      finished.push('slow')
    })
    const workflow = new WorkflowBuilder({ startExecutor: start }).addFanOutEdges(start, [bad, slow]).build()
    await expect(workflow.run('x')).rejects.toThrow('bad executor')
    expect(finished).toEqual(['slow'])
  })
})

describe('cancellation', () => {
  it('ends a run whose signal fires with status CANCELLED and an AbortError', async () => {
    const controller = new AbortController()
    const loop = executor('loop', async (n: number, ctx) => {
      if (n === 3) controller.abort()
      ctx.sendMessage(n + 1)
    })
    const workflow = new WorkflowBuilder({ startExecutor: loop }).addEdge(loop, loop).build()
    const events: WorkflowEvent[] = []
    await expect(async () => {
      for await (const event of workflow.runStream(0, { signal: controller.signal })) events.push(event)
    }).rejects.toThrow(AbortError)
    expect(events.at(-1)).toEqual({ type: 'status', state: 'CANCELLED' })
    expect(workflow.isRunning).toBe(false)
  })

  it('stops the run when the consumer stops reading', async () => {
    const { workflow, counter } = endlessLoop()
    for await (const event of workflow.runStream(0)) {
      if (event.type === 'superstep_completed' && event.iteration === 3) break
    }
    expect(workflow.isRunning).toBe(false)
    expect(counter.invocations).toBeLessThan(10)
  })
})

describe('runStreamBatches', () => {
  async function batchesOf(stream: AsyncIterable<WorkflowEvent[]>): Promise<WorkflowEvent[][]> {
    const batches: WorkflowEvent[][] = []
    for await (const batch of stream) batches.push(batch)
    return batches
  }

  it('yields the events runStream yields, in order, in non-empty batches of several', async () => {
    const streamed = await collect(sketch().runStream('hi'))
    const batches = await batchesOf(sketch().runStreamBatches('hi'))
    expect(batches.every((batch) => batch.length > 0)).toBe(true)
    expect(batches.length).toBeLessThan(streamed.length)
    expect(batches.flat()).toEqual(streamed)
  })

  it('hands over every event of a failed run, then throws its error', async () => {
    const boom = executor('boom', async (text: string) => {
      throw new TypeError(`cannot process ${text}`)
    })
    const workflow = new WorkflowBuilder({ startExecutor: boom }).build()
    const events: WorkflowEvent[] = []
    await expect(async () => {
      for await (const batch of workflow.runStreamBatches('bad')) events.push(...batch)
    }).rejects.toThrow('cannot process bad')
    expect(events.slice(-2)).toEqual([
      { type: 'failed', error: { message: 'cannot process bad', errorType: 'TypeError', executorId: 'boom' } },
      { type: 'status', state: 'FAILED' },
    ])
  })

  it('stops the run when the consumer stops reading', async () => {
    const { workflow, counter } = endlessLoop()
    for await (const batch of workflow.runStreamBatches(0)) {
      if (batch.some((event) => event.type === 'superstep_completed' && event.iteration >= 3)) break
    }
    expect(workflow.isRunning).toBe(false)
    expect(counter.invocations).toBeLessThan(2_000)
  })

  it('lets a run that outpaced its consumer go on once the consumer took what was waiting', async () => {
    const loop = executor('loop', async (n: number, ctx) => {
      if (n < 3_000) ctx.sendMessage(n + 1)
      else ctx.yieldOutput(n)
    })
    const workflow = new WorkflowBuilder({ startExecutor: loop, maxIterations: 10_000 }).addEdge(loop, loop).build()
    const events: WorkflowEvent[] = []
    for await (const batch of workflow.runStreamBatches(0)) {
      events.push(...batch)
      // A slow consumer: the run fills the queue past its high-water mark and waits at a superstep's end.
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    expect(events.filter((event) => event.type === 'output')).toEqual([expect.objectContaining({ data: 3_000 })])
  })
})

describe('executors', () => {
  class Router extends Executor<string | number, string> {
    constructor() {
      super('router')
      this.addHandler<string>(isString, (text, ctx) => ctx.sendMessage(`text:${text}`))
      this.addHandler<number>(
        (v) => typeof v === 'number',
        (n, ctx) => ctx.sendMessage(`number:${n}`),
      )
    }
  }

  class Sink extends Executor<string, never, string> {
    constructor() {
      super('sink')
    }
    protected override handle(text: string, ctx: WorkflowContext<never, string>) {
      ctx.yieldOutput(text)
    }
  }

  it('dispatches to the handler whose guard accepts the message', async () => {
    const router = new Router()
    const workflow = new WorkflowBuilder({ startExecutor: router }).addEdge(router, new Sink()).build()
    expect((await workflow.run('a')).getOutputs()).toEqual(['text:a'])
    expect((await workflow.run(2)).getOutputs()).toEqual(['number:2'])
    await expect(workflow.run(true)).rejects.toThrow("Executor 'router' cannot handle message of type boolean.")
  })

  it('calls handlers with the executor as this, whether one or several are registered', async () => {
    class Prefixer extends Executor<string, string> {
      constructor(
        id: string,
        readonly prefix: string,
      ) {
        super(id)
        this.addHandler(undefined, this.prefixed)
      }
      private prefixed(text: string, ctx: WorkflowContext<string>) {
        ctx.sendMessage(this.prefix + text)
      }
    }
    class Answer extends Executor<string, string> {
      readonly answers = new Map([['a', 'yes']])
      constructor() {
        super('answer')
        this.addHandler(isString, this.reply)
        this.addHandler(undefined, this.reply)
        this.addResponseHandler(function (this: Answer, _request, response: string, ctx) {
          ctx.sendMessage(`${this.id}:${response}`)
        })
      }
      private reply(text: string, ctx: WorkflowContext<string>) {
        if (text === 'ask') ctx.requestInfo('question')
        else ctx.sendMessage(this.answers.get(text.slice(-1)) ?? 'no')
      }
    }
    const prefix = new Prefixer('prefix', '>a')
    const answer = new Answer()
    const sink = executor('sink', (text: string, ctx) => ctx.yieldOutput(text))
    const workflow = new WorkflowBuilder({ startExecutor: prefix }).addChain([prefix, answer, sink]).build()
    expect((await workflow.run('')).getOutputs()).toEqual(['yes'])

    const asking = new WorkflowBuilder({ startExecutor: answer }).addEdge(answer, sink).build()
    const waiting = await asking.run('ask')
    const [request] = waiting.getRequestInfoEvents()
    expect((await asking.run(undefined, { responses: { [request.requestId]: 'ok' } })).getOutputs()).toEqual(['answer:ok'])
  })

  it('goes through an overridden execute() even when the executor has a single handler', async () => {
    class Counting extends Executor<string, string> {
      calls = 0
      constructor() {
        super('counting')
        this.addHandler(undefined, (text: string, ctx) => ctx.yieldOutput(text))
      }
      override execute(message: string, ctx: WorkflowContext<string, string>): unknown {
        this.calls++
        return super.execute(message.toUpperCase(), ctx)
      }
    }
    const counting = new Counting()
    const workflow = new WorkflowBuilder({ startExecutor: counting }).build()
    expect((await workflow.run('x')).getOutputs()).toEqual(['X'])
    expect(counting.calls).toBe(1)
  })

  it('records the executor kind in toJSON', () => {
    const router = new Router()
    const workflow = new WorkflowBuilder({ startExecutor: router, name: 'routing', description: 'demo' }).addEdge(router, new Sink()).build()
    expect(workflow.toJSON()).toEqual({
      id: workflow.id,
      name: 'routing',
      description: 'demo',
      startExecutorId: 'router',
      maxIterations: 100,
      edgeGroups: [{ id: 'SingleEdgeGroup/0', type: 'SingleEdgeGroup', edges: [{ sourceId: 'router', targetId: 'sink' }] }],
      executors: { router: { id: 'router', type: 'Router' }, sink: { id: 'sink', type: 'Sink' } },
      outputExecutors: ['router', 'sink'],
      intermediateExecutors: [],
    })
  })
})

describe('workflow state', () => {
  it('commits writes at the superstep boundary and keeps them for later supersteps', async () => {
    const seen: Array<[string, unknown]> = []
    const start = executor('start', async (_: string, ctx) => {
      ctx.setState('count', 1)
      seen.push(['own-write', ctx.getState('count')])
      ctx.sendMessage('a')
    })
    const writer = executor('writer', async (_: string, ctx) => {
      seen.push(['next-step', ctx.getState('count')])
      ctx.setState('count', 2)
      ctx.deleteState('gone')
      ctx.sendMessage('next')
    })
    const later = executor('later', async (_: string, ctx) => {
      seen.push(['later-step', ctx.getState('count')])
      ctx.yieldOutput([ctx.getState('missing', 'default'), ctx.hasState('count')])
    })
    const workflow = new WorkflowBuilder({ startExecutor: start }).addChain([start, writer, later]).build()
    const run = await workflow.run('go')
    expect(seen).toEqual([
      ['own-write', 1],
      ['next-step', 1],
      ['later-step', 2],
    ])
    expect(run.getOutputs()).toEqual([['default', true]])
  })
})
