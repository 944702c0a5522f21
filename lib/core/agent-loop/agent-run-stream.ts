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

  async *[Symbol.asyncIterator](): AsyncGenerator<AgentResponseUpdate> {
    if (this.started) throw new AgentConfigurationError('An agent stream can be iterated only once.')
    this.started = true
    try {
      const result = await this.source()
      const updates = result instanceof AgentResponse ? responseAsUpdates(result) : result
      for await (const update of updates) {
        this.assembler.add(update)
        yield update
      }
      this.finished = true
    } catch (error) {
      this.failure = { error }
      throw error
    } finally {
      this.settle()
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

function responseAsUpdates(response: AgentResponse): AgentResponseUpdate[] {
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
  return updates
}
