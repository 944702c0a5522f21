import { describe, expect, it } from 'vitest'
import { Message } from '../types'
import { decodeCheckpointValue, encodeCheckpointValue } from './encoding'
import type { RequestInfoEvent } from './events'
import { SubWorkflowRequestMessage, SubWorkflowResponseMessage } from './sub-workflow-messages'

const roundTrip = (value: unknown) => decodeCheckpointValue(JSON.parse(JSON.stringify(encodeCheckpointValue(value))))

const event: RequestInfoEvent = {
  type: 'request_info',
  requestId: 'r1',
  executorId: 'ask',
  data: { question: new Message({ role: 'user', text: 'ship?' }), asked: new Date('2024-01-02T03:04:05.000Z') },
}

describe('sub-workflow messages', () => {
  it('wraps an answer with the request it answers', () => {
    const response = new SubWorkflowRequestMessage(event, 'sub').createResponse(true)
    expect(response).toBeInstanceOf(SubWorkflowResponseMessage)
    expect(response).toEqual(new SubWorkflowResponseMessage(true, event))
    expect(response.sourceEvent.requestId).toBe('r1')
  })

  it('round-trip through a checkpoint with their classes and the request data', () => {
    const request = roundTrip(new SubWorkflowRequestMessage(event, 'sub')) as SubWorkflowRequestMessage<typeof event.data>
    expect(request).toBeInstanceOf(SubWorkflowRequestMessage)
    expect(request.executorId).toBe('sub')
    expect(request.sourceEvent).toEqual(event)
    expect((request.sourceEvent.data as { question: Message }).question).toBeInstanceOf(Message)

    const response = roundTrip(request.createResponse(new Map([['ok', undefined]]))) as SubWorkflowResponseMessage
    expect(response).toBeInstanceOf(SubWorkflowResponseMessage)
    expect(response.data).toEqual(new Map([['ok', undefined]]))
    expect(response.sourceEvent).toEqual(event)
  })
})
