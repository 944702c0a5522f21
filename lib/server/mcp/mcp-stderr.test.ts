import { describe, expect, it } from 'vitest'
import { SecretRedactor } from '../secrets/redaction'
import { redactedStderrLog } from './mcp-stderr'

describe('redactedStderrLog', () => {
  it('logs whole lines, redacted, even when a secret is split across chunks', async () => {
    const lines: string[] = []
    const redactor = new SecretRedactor(['super-secret-value-42'])
    const log = redactedStderrLog({ serverId: 'files', redact: async (text) => redactor.redact(text), logger: { error: (line: string) => lines.push(line) } })
    log.write('starting\nAPI_KEY=super-sec')
    log.write('ret-value-42\r\n\npartial ')
    log.write('line')
    await log.flush()
    expect(lines).toEqual(['[mcp files] starting', '[mcp files] API_KEY=[redacted]', '[mcp files] partial line'])
  })

  it('leaves out a line it cannot redact', async () => {
    const lines: string[] = []
    const log = redactedStderrLog({
      serverId: 's',
      redact: async () => Promise.reject(new Error('db down')),
      logger: { error: (line: string) => lines.push(line) },
    })
    log.write('TOKEN=abc\n')
    await log.flush()
    expect(lines).toEqual(['[mcp s] (a line the server wrote could not be redacted and was left out)'])
  })
})
