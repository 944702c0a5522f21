import { FunctionCallingConfigMode } from '@google/genai'
import { describe, expect, it } from 'vitest'
import { Message } from '../../types'
import { ToolNameMap } from '../openai/tool-names'
import { buildGeminiRequest, toGeminiContents } from './request'

describe('toGeminiContents', () => {
  it('names each function response after its call, keeps signatures, and sends failures as error', () => {
    const contents = toGeminiContents(
      [
        new Message({ role: 'user', text: 'Go' }),
        new Message({
          role: 'assistant',
          contents: [
            { type: 'text', text: 'Calling' },
            { type: 'function_call', callId: 'a', name: 'mcp.search', arguments: '{"q":"x"}' },
          ],
        }),
        new Message({ role: 'tool', contents: [{ type: 'function_result', callId: 'a', result: 'not found', exception: 'Error' }] }),
      ],
      new ToolNameMap(['mcp.search']),
      new Map([['a', 'sig']]),
    )
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Go' }] },
      { role: 'model', parts: [{ text: 'Calling' }, { functionCall: { id: 'a', name: 'mcp_search', args: { q: 'x' } }, thoughtSignature: 'sig' }] },
      { role: 'user', parts: [{ functionResponse: { id: 'a', name: 'mcp_search', response: { error: 'not found' } } }] },
    ])
  })
})

describe('buildGeminiRequest', () => {
  it('maps tool choice and a schema-less JSON format', () => {
    const tool = { name: 'lookup', description: 'Look up', parameters: () => ({ type: 'object' }) }
    const { config } = buildGeminiRequest(
      [],
      { tools: [tool as never], toolChoice: { mode: 'required', requiredFunctionName: 'lookup' }, responseFormat: { type: 'json_object' } },
      'g',
    )
    expect(config.toolConfig).toEqual({ functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['lookup'] } })
    expect(config.responseMimeType).toBe('application/json')
    expect(config.responseJsonSchema).toBeUndefined()
    expect(buildGeminiRequest([], { tools: [tool as never], toolChoice: 'auto' }, 'g').config.toolConfig).toEqual({
      functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO },
    })
  })
})
