/** `agentloom run` of a document whose start node declares input fields: `--input` is checked before the run, as the server checks it. */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPOSITORY_ROOT, runAgentloom } from './testing/run-agentloom'

const document = join(REPOSITORY_ROOT, 'lib', 'cli', '__fixtures__', 'declared-input.json')

// An outer limit for a busy machine.
const SLOW = 60_000

describe('agentloom run with a declared start input', () => {
  it(
    'runs with a matching JSON object, its fields read by the transform',
    async () => {
      const { code, stdout } = await runAgentloom(['run', document, '--input', '{"topic":"tides","words":20}'])
      expect(code).toBe(0)
      expect(stdout).toBe('About tides\n')
    },
    SLOW,
  )

  it(
    'refuses an input that does not match, naming each problem, before anything runs (exit 2)',
    async () => {
      const { code, stdout, stderr } = await runAgentloom(['run', document, '--input', '{"words":"many","extra":1}'])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toContain('--input: "topic" is required.')
      expect(stderr).toContain('--input: "words" must be a whole number.')
      expect(stderr).toContain('--input: Not an input of this workflow: "extra".')
      expect(stderr).toContain('declares its input: give --input as a JSON object with its fields.')
      expect(stderr).not.toContain('superstep')
    },
    SLOW,
  )
})
