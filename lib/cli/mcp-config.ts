/**
 * `--mcp-config file.json`: the MCP servers a local run connects to, in the desktop apps' format
 * (`{ "mcpServers": { "<id>": { "command", "args", "env", "cwd" } | { "url", "headers" } } }`).
 * A workflow document names its servers by the app's ids; this file says what each id is here.
 * Commands are spawned with an argument list, never a shell; `node` is this very Node.
 */
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { z } from 'zod'
import { MCPStdioTool, MCPStreamableHTTPTool, type MCPTool, type MCPToolOptions } from '@/lib/core'
import { usageError } from './cli-io'

const stdioServer = z
  .object({
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
  })
  .strict()
const httpServer = z
  .object({
    url: z
      .string()
      .url()
      .refine((url) => /^https?:\/\//i.test(url), 'must be an http(s) URL'),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict()

export const mcpConfigSchema = z.object({ mcpServers: z.record(z.string(), z.union([stdioServer, httpServer])) })
export type McpConfig = z.infer<typeof mcpConfigSchema>
type ServerEntry = McpConfig['mcpServers'][string]

export async function readMcpConfig(path: string): Promise<{ config: McpConfig; baseDir: string }> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw usageError(`Cannot read the MCP configuration ${path}: ${(error as Error).message}`)
  }
  const parsed = mcpConfigSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw usageError(`The MCP configuration ${path} is not valid: ${issue.path.join('.') || '(top)'}: ${issue.message}`)
  }
  return { config: parsed.data, baseDir: dirname(resolve(path)) }
}

/** The servers a document needs, created (not yet connected); a missing id is a usage error naming the flag. */
export function createMcpTools(
  ids: readonly string[],
  source: { config: McpConfig; baseDir: string } | undefined,
  options: Omit<MCPToolOptions, 'name'>,
): Map<string, MCPTool> {
  const missing = ids.filter((id) => !source || !Object.hasOwn(source.config.mcpServers, id))
  if (missing.length > 0) {
    throw usageError(
      `The workflow uses the MCP server${missing.length > 1 ? 's' : ''} ${missing.map((id) => `'${id}'`).join(', ')}: ` +
        `say what ${missing.length > 1 ? 'they are' : 'it is'} with --mcp-config <file.json> ({"mcpServers": {"${missing[0]}": {"command": "...", "args": []}}}).`,
    )
  }
  return new Map(ids.map((id) => [id, createTool(id, source!.config.mcpServers[id]!, source!.baseDir, options)]))
}

function createTool(id: string, entry: ServerEntry, baseDir: string, options: Omit<MCPToolOptions, 'name'>): MCPTool {
  const shared = { ...options, name: id, toolNamePrefix: id }
  if ('url' in entry) return new MCPStreamableHTTPTool({ ...shared, url: entry.url, headers: entry.headers })
  return new MCPStdioTool({
    ...shared,
    command: entry.command === 'node' ? process.execPath : entry.command,
    args: entry.args,
    env: entry.env,
    cwd: entry.cwd === undefined ? baseDir : resolve(baseDir, entry.cwd),
    stderr: 'ignore',
  })
}
