/** The judges' chat clients: the server's keys for any provider, and the outbound policy on the one address that is not the admin's. */
import { describe, expect, it } from 'vitest'
import { Agent, DemoChatClient } from '@/lib/core'
import { OutboundAllowList } from '../outbound/outbound-address-rules'
import { OutboundPolicy } from '../outbound/outbound-policy'
import { serverJudgeClient } from './experiment-jobs'

const outbound = new OutboundPolicy({ allow: OutboundAllowList.parse('') })

describe('serverJudgeClient', () => {
  it('sends an Ollama judge on a server without OLLAMA_BASE_URL through the outbound policy, which refuses localhost', async () => {
    const client = serverJudgeClient({ outbound }, {})({ provider: 'ollama', model: 'llama3.2' })
    await expect(new Agent({ client }).run('Score this.')).rejects.toThrow('refused by the outbound policy')
  })

  it('builds a judge for a provider the server has a key for, and names the missing key otherwise', () => {
    expect(serverJudgeClient({ outbound }, { ANTHROPIC_API_KEY: 'server-key' })({ provider: 'anthropic', model: 'claude-x' })).toBeDefined()
    expect(() => serverJudgeClient({ outbound }, {})({ provider: 'gemini' })).toThrow('GEMINI_API_KEY')
  })

  it('falls back to the offline demo model for the default provider on a server without an OpenAI key', () => {
    expect(serverJudgeClient({ outbound }, {})({ provider: 'default' })).toBeInstanceOf(DemoChatClient)
  })
})
