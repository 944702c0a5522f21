import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/** Spawning the fixture MCP servers of `../__fixtures__` (plain ESM run by this Node). */

export type FixtureName = 'task-server' | 'sampling-server' | 'changing-tools-server' | 'meta-echo-server'

export function fixturePath(name: FixtureName): string {
  return fileURLToPath(new URL(`../__fixtures__/${name}.mjs`, import.meta.url))
}

export interface HttpFixture {
  url: string
  stop(): Promise<void>
}

/** Starts a fixture over Streamable HTTP on 127.0.0.1 and waits for its URL. */
export async function startHttpFixture(name: FixtureName): Promise<HttpFixture> {
  const child: ChildProcess = spawn(process.execPath, [fixturePath(name), '--http'], { stdio: ['pipe', 'pipe', 'inherit'], shell: false })
  const lines = createInterface({ input: child.stdout! })
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error(`fixture ${name} exited before listening`)
    }),
  ])) as [string]
  lines.close()
  const { url } = JSON.parse(line) as { url: string }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000)
      await exited
      clearTimeout(timer)
    },
  }
}
