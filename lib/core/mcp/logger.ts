/**
 * The MCP layer logs through this tiny interface so tests can capture the guardrail
 * messages and hosts can route them. Messages never carry prompt content or secrets.
 */
export interface MCPLogger {
  warn(message: string): void
  info(message: string): void
  debug(message: string): void
}

export const consoleLogger: MCPLogger = {
  warn: (message) => console.warn(`[mcp] ${message}`),
  info: (message) => console.info(`[mcp] ${message}`),
  debug: () => {},
}

/** Name of an error's class, for log lines that must not echo error text (it may hold content). */
export function errorName(error: unknown): string {
  if (error instanceof Error) return error.name
  return typeof error
}
