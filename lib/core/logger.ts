/** The small logging surface the core writes to; inject your own to capture or silence it. */
export interface Logger {
  debug(message: string, ...details: unknown[]): void
  info(message: string, ...details: unknown[]): void
  warn(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
}

/** Warnings and errors to the console; debug and info are dropped. */
export const consoleLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: (message, ...details) => console.warn(`[agentloom] ${message}`, ...details),
  error: (message, ...details) => console.error(`[agentloom] ${message}`, ...details),
}

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
