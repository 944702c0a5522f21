import { describe, expect, it } from 'vitest'
import { UserError } from '../errors'
import { Message } from '../types'
import { AgentSession } from './agent-session'

describe('AgentSession', () => {
  it('serialises to { type, sessionId, serviceSessionId, state }', () => {
    const session = new AgentSession({ sessionId: 's1', state: { counter: 2 } })
    expect(session.toJSON()).toEqual({ type: 'session', sessionId: 's1', serviceSessionId: null, state: { counter: 2 } })
    expect(new AgentSession({ serviceSessionId: 'conv' }).toJSON().serviceSessionId).toBe('conv')
  })

  it('generates a unique id when none is given', () => {
    expect(new AgentSession().sessionId).not.toBe(new AgentSession().sessionId)
  })

  it('turns messages in state into plain JSON and back', () => {
    const session = new AgentSession({ sessionId: 's' })
    session.stateFor('in_memory').messages = [new Message({ role: 'user', text: 'hi' })]
    const json = session.toJSON()
    expect(json.state).toEqual({ in_memory: { messages: [{ type: 'message', role: 'user', contents: [{ type: 'text', text: 'hi' }] }] } })
    const restored = AgentSession.fromJSON(JSON.parse(JSON.stringify(json)))
    expect(restored.sessionId).toBe('s')
    expect(restored.serviceSessionId).toBeUndefined()
    expect(restored.toJSON()).toEqual(json)
  })

  it('does not share state with the JSON it was made from', () => {
    const json = { type: 'session', sessionId: 's', serviceSessionId: null, state: { a: { n: 1 } } }
    const restored = AgentSession.fromJSON(json)
    ;(restored.state.a as { n: number }).n = 2
    expect(json.state.a.n).toBe(1)
  })

  it('gives each provider its own state slice', () => {
    const session = new AgentSession()
    session.stateFor('a').x = 1
    expect(session.stateFor('a')).toEqual({ x: 1 })
    expect(session.stateFor('b')).toEqual({})
    session.state.c = 'not an object'
    expect(session.stateFor('c')).toEqual({})
  })

  it.each([[null], [{}], [{ sessionId: '' }], [{ sessionId: 's', state: [] }], [{ type: 'thread', sessionId: 's' }]])('rejects invalid JSON %j', (json) => {
    expect(() => AgentSession.fromJSON(json)).toThrow(UserError)
  })
})
