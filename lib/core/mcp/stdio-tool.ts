import type { IOType } from 'node:child_process'
import type { Stream } from 'node:stream'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { MCPTool, type MCPToolOptions } from './mcp-tool'

export interface MCPStdioToolOptions extends MCPToolOptions {
  command: string
  args?: string[]
  /** Merged over the SDK's safe default environment (PATH, HOME, …), never the whole parent env. */
  env?: Record<string, string>
  cwd?: string
  /** Where the server's stderr goes (default: inherited). Ignored when `onStderr` is set. */
  stderr?: IOType | Stream | number
  /** Receives the server's stderr, chunk by chunk, instead of it going anywhere else (e.g. to redact it before logging). */
  onStderr?: (chunk: string) => void
}

/** An MCP server run as a child process speaking over stdin/stdout (spawned without a shell). */
export class MCPStdioTool extends MCPTool {
  readonly command: string
  readonly args: readonly string[]
  private readonly stdio: MCPStdioToolOptions

  constructor(options: MCPStdioToolOptions) {
    super(options)
    this.stdio = options
    this.command = options.command
    this.args = options.args ?? []
  }

  protected createTransport(): Transport {
    const onStderr = this.stdio.onStderr
    const transport = new StdioClientTransport({
      command: this.stdio.command,
      args: this.stdio.args,
      env: this.stdio.env,
      cwd: this.stdio.cwd,
      stderr: onStderr ? 'pipe' : this.stdio.stderr,
    })
    // With 'pipe' the SDK hands out the stream at once, before the process starts. Decoded as a
    // stream, so a character split across two chunks is not garbled.
    const stderr = transport.stderr as NodeJS.ReadableStream | null
    if (onStderr) stderr?.setEncoding('utf8').on('data', (chunk: string) => onStderr(chunk))
    return transport
  }

  protected override describeStartFailure(error: unknown): string {
    return `Failed to start MCP server '${this.command}': ${error instanceof Error ? error.message : String(error)}`
  }
}
