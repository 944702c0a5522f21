/**
 * What Agent.runStream returns: an async iterable of AgentResponseUpdate (iterate it once), plus
 * getFinalResponse(), which assembles the updates seen into an AgentResponse (consuming the rest of the
 * stream if nobody iterated it), with `value` parsed when the run asked for structured output. Nothing runs until iteration (or getFinalResponse) starts.
 */
import { UpdateAssembler } from '../clients/response-updates'
import { AgentConfigurationError } from '../errors'
import type { ResponseFormat } from '../structured-output/response-format'
import { fillStructuredValue } from '../structured-output/structured-value'
import { AgentResponse, AgentResponseUpdate } from '../types'

export type StreamSource = () => Promise<AsyncIterable<AgentResponseUpdate> | AgentResponse>

export class AgentRunStream implements AsyncIterable<AgentResponseUpdate> {
  private readonly source: StreamSource
  private readonly agentId: string | undefined
  private readonly responseFormat: ResponseFormat | undefined
  private readonly assembler = new UpdateAssembler()
  private started = false
  private finished = false
  private settle: () => void = () => {}
  private readonly settled = new Promise<void>((resolve) => (this.settle = resolve))
  private failure: { error: unknown } | undefined

  /** `responseFormat`: the run's structured-output format, if any; the final response's `value` is parsed with it. */
  constructor(source: StreamSource, agentId?: string, responseFormat?: ResponseFormat) {
    this.source = source
    this.agentId = agentId
    this.responseFormat = responseFormat
  }

  /**
   * The run's updates, each added to the final response on its way. An iterator written out, not a generator: every
   * update of every streamed run passes through it, and a generator re-yielding another costs four promises per value
   * (this costs one).
   */
  [Symbol.asyncIterator](): AsyncIterator<AgentResponseUpdate, undefined> {
    let updates: AsyncIterator<AgentResponseUpdate> | undefined
    let opening: Promise<AsyncIterator<AgentResponseUpdate>> | undefined
    let closed = false
    const step = (result: IteratorResult<AgentResponseUpdate>): IteratorResult<AgentResponseUpdate, undefined> => {
      if (!result.done) {
        this.assembler.add(result.value)
        return result
      }
      if (!closed) {
        closed = true
        this.finished = true
        this.settle()
      }
      return FINISHED
    }
    const fail = (error: unknown): never => {
      if (!closed) {
        closed = true
        this.failure = { error }
        this.settle()
      }
      throw error
    }
    const open = async (): Promise<AsyncIterator<AgentResponseUpdate>> => {
      const result = await this.source()
      updates = (result instanceof AgentResponse ? responseAsUpdates(result) : result)[Symbol.asyncIterator]()
      return updates
    }
    return {
      next: () => {
        if (closed) return Promise.resolve(FINISHED)
        if (updates) return updates.next().then(step, fail)
        if (!opening) {
          if (this.started) {
            closed = true
            return Promise.reject(new AgentConfigurationError('An agent stream can be iterated only once.'))
          }
          this.started = true
          opening = open()
        }
        return opening.then((opened) => opened.next()).then(step, fail)
      },
      // The consumer stopped early: the run is closed (its generators' finally blocks run) before this resolves.
      return: async () => {
        if (!closed) {
          closed = true
          // Never started: nothing ran, and the stream may still be read (getFinalResponse would read it).
          if (!opening) return FINISHED
          try {
            await (updates ?? (await opening?.catch(() => undefined)))?.return?.()
          } finally {
            this.settle()
          }
        }
        return FINISHED
      },
    }
  }

  /** The response assembled from the stream's updates; drives the stream to its end if nobody iterates it. */
  async getFinalResponse(): Promise<AgentResponse> {
    if (!this.started) {
      for await (const update of this) void update
    }
    await this.settled
    if (this.failure) throw this.failure.error
    if (!this.finished) throw new AgentConfigurationError('The agent stream was closed before it finished.')
    const assembler = this.assembler
    const response = new AgentResponse({
      messages: assembler.messages,
      usage: assembler.usage,
      responseId: assembler.responseId,
      modelId: assembler.modelId,
      finishReason: assembler.finishReason,
      agentId: this.agentId,
    })
    return fillStructuredValue(response, this.responseFormat)
  }
}

const FINISHED: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined })

/** A response that agent middleware set in place of the stream, as the updates a stream would have given. */
async function* responseAsUpdates(response: AgentResponse): AsyncGenerator<AgentResponseUpdate> {
  const updates = response.messages.map(
    (message) =>
      new AgentResponseUpdate({
        role: message.role,
        contents: [...message.contents],
        authorName: message.authorName,
        messageId: message.messageId,
        agentId: response.agentId,
        responseId: response.responseId,
      }),
  )
  if (response.usage && updates.length > 0) updates[updates.length - 1].contents.push({ type: 'usage', details: response.usage })
  yield* updates
}
