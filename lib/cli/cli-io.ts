/**
 * What a command reads and writes: stdout for results, stderr for progress and problems, and the
 * terminal for questions. Questions are asked only when both stdin and stdout are a terminal, so a
 * script or CI job never hangs on one.
 */
import { createInterface } from 'node:readline/promises'

/** Exit codes: scripts branch on these. */
export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2

/** A failure the command reports in one line; `exitCode` 2 for a mistake in the command line or its input files. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: typeof EXIT_FAILED | typeof EXIT_USAGE = EXIT_FAILED,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export const usageError = (message: string) => new CliError(message, EXIT_USAGE)

export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** Whether a person is there to answer questions. */
  readonly interactive: boolean
  /** Asks a question on the terminal; only called when `interactive`. */
  ask(question: string): Promise<string>
}

export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    ask: async (question) => {
      const terminal = createInterface({ input: process.stdin, output: process.stderr })
      try {
        return await terminal.question(question)
      } finally {
        terminal.close()
      }
    },
  }
}

/** One JSON value per line (`--json`): easy to read with `jq` or line by line. */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`
}
