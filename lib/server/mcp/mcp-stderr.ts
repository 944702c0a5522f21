/**
 * What a stdio MCP server writes to stderr goes to the server log line by line, with every
 * configured secret cut out first: a server may print its environment (its secrets) there.
 * Lines are collected until complete, so a secret split across two chunks is still found; an
 * overlong line is cut at `MAX_LINE` and logged in pieces.
 */

const MAX_LINE = 64 * 1024

export interface StderrLogOptions {
  serverId: string
  redact: (text: string) => Promise<string>
  logger?: Pick<Console, 'error'>
}

export interface StderrLog {
  write(chunk: string): void
  /** Logs a last unfinished line and resolves once everything written so far is logged. */
  flush(): Promise<void>
}

export function redactedStderrLog({ serverId, redact, logger = console }: StderrLogOptions): StderrLog {
  let pending = ''
  let logged: Promise<void> = Promise.resolve()
  const log = (line: string) => {
    if (line.trim() === '') return
    logged = logged.then(async () => {
      // If redaction fails, nothing from the server is logged: it may hold a secret.
      const text = await redact(line).catch(() => '(a line the server wrote could not be redacted and was left out)')
      logger.error(`[mcp ${serverId}] ${text}`)
    })
  }
  return {
    write(chunk) {
      pending += chunk
      let newline = pending.indexOf('\n')
      while (newline !== -1) {
        log(pending.slice(0, newline).replace(/\r$/, ''))
        pending = pending.slice(newline + 1)
        newline = pending.indexOf('\n')
      }
      while (pending.length > MAX_LINE) {
        log(pending.slice(0, MAX_LINE))
        pending = pending.slice(MAX_LINE)
      }
    },
    async flush() {
      log(pending)
      pending = ''
      await logged
    },
  }
}
