import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError, RateLimitError } from 'openai'
import { describe, expect, it } from 'vitest'
import { AbortError, ChatClientException, ChatClientInvalidRequestError, ChatClientResponseException, UserError } from '../../errors'
import { toChatClientError } from './error-mapping'

describe('toChatClientError', () => {
  it('keeps the status, service code and request id of API errors', () => {
    const headers = new Headers({ 'x-request-id': 'req_42' })
    const error = toChatClientError(new RateLimitError(429, { message: 'Too many', code: 'rate_limit_exceeded' }, undefined, headers), 'OpenAIChatClient')
    expect(error).toBeInstanceOf(ChatClientResponseException)
    expect(error).toMatchObject({ status: 429, errorCode: 'rate_limit_exceeded', requestId: 'req_42' })
    expect(error.message).toBe('OpenAIChatClient service failed to complete the request: 429 Too many')
  })

  it('maps aborts to AbortError, also when only the signal tells', () => {
    expect(toChatClientError(new APIUserAbortError(), 'C')).toBeInstanceOf(AbortError)
    const controller = new AbortController()
    controller.abort()
    expect(toChatClientError(new Error('socket closed'), 'C', controller.signal)).toBeInstanceOf(AbortError)
  })

  it('maps connection failures and timeouts to ChatClientException without a status', () => {
    const timeout = toChatClientError(new APIConnectionTimeoutError(), 'C')
    expect(timeout).toBeInstanceOf(ChatClientException)
    expect(timeout.message).toMatch(/timed out/)
    const refused = toChatClientError(new APIConnectionError({ message: 'Connection error.' }), 'C')
    expect(refused).not.toBeInstanceOf(ChatClientResponseException)
    expect(refused.message).toMatch(/could not reach/)
  })

  it('says why a connection its fetch refused was refused, when that is a UserError down the cause chain', () => {
    const reason = new UserError('refused by the outbound policy: 127.0.0.1 is a loopback address')
    const refused = toChatClientError(new APIConnectionError({ cause: new TypeError('fetch failed', { cause: reason }) }), 'C')
    expect(refused.message).toBe('C could not reach the service: refused by the outbound policy: 127.0.0.1 is a loopback address')
    const other = toChatClientError(new APIConnectionError({ cause: new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }) }), 'C')
    expect(other.message).toBe('C could not reach the service: Connection error.')
  })

  it('passes framework errors through and wraps anything else', () => {
    const own = new ChatClientInvalidRequestError('bad format')
    expect(toChatClientError(own, 'C')).toBe(own)
    expect(toChatClientError(new OpenAIError('odd'), 'C')).toBeInstanceOf(ChatClientException)
    expect(toChatClientError(new APIError(undefined, undefined, 'no status', undefined), 'C')).toBeInstanceOf(ChatClientResponseException)
  })
})
