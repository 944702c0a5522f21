import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AbortError, SkillScriptError } from '../errors'
import { SkillFrontmatter } from './frontmatter'
import { createNodeScriptRunner, scrubbedEnvironment } from './node-script-runner'
import { FileSkill, SkillScript, type SkillScriptRunner } from './skill'

let dir: string
let outside: string
let skill: FileSkill

const SCRIPTS: Record<string, string> = {
  'echo.mjs': 'console.log(JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd() }))',
  'env.js': 'console.log(JSON.stringify(process.env))',
  'fail.mjs': "console.error('something broke'); process.exit(3)",
  'hang.mjs': [
    "import { spawn } from 'node:child_process'",
    "import { writeFileSync } from 'node:fs'",
    "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })",
    "writeFileSync('pids.json', JSON.stringify([process.pid, child.pid]))",
    'setInterval(() => {}, 1000)',
  ].join('\n'),
  'flood.mjs': "process.stdout.write('x'.repeat(4 * 1024 * 1024))",
  'noisy.mjs': "console.error('warning'); console.log('  result  \\n\\n')",
  'table.mjs': "import { readFileSync } from 'node:fs'; console.log(readFileSync('data.txt', 'utf8'))",
  'tool.py': 'print(1)',
}

function script(name: string): SkillScript {
  return new SkillScript({ name: `scripts/${name}`, path: join(dir, 'scripts', name) })
}

function run(runner: SkillScriptRunner, name: string, args: unknown = {}, signal?: AbortSignal): Promise<unknown> {
  return Promise.resolve(runner(skill, script(name), args as Record<string, unknown>, { signal }))
}

/** Alive and not a zombie (a container's init may never reap what it inherits). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'agentloom-runner-')))
  outside = await mkdtemp(join(tmpdir(), 'agentloom-runner-outside-'))
  dir = join(dir, 'runner-skill')
  await mkdir(join(dir, 'scripts'), { recursive: true })
  for (const [name, source] of Object.entries(SCRIPTS)) await writeFile(join(dir, 'scripts', name), source)
  await writeFile(join(dir, 'data.txt'), 'from the skill directory')
  await writeFile(join(outside, 'evil.mjs'), "console.log('outside code ran')")
  await symlink(join(outside, 'evil.mjs'), join(dir, 'scripts', 'linked.mjs'))
  skill = new FileSkill({
    frontmatter: new SkillFrontmatter({ name: 'runner-skill', description: 'Scripts for the runner tests.' }),
    content: '---',
    path: dir,
  })
})

afterAll(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true })
  await rm(outside, { recursive: true, force: true })
})

describe('createNodeScriptRunner', () => {
  const runner = createNodeScriptRunner({ timeoutMs: 15_000 })

  it('passes the arguments as one JSON text and runs in the skill directory', async () => {
    const args = { text: 'Hello', nested: { list: [1, 2] } }
    expect(JSON.parse((await run(runner, 'echo.mjs', args)) as string)).toEqual({ argv: [JSON.stringify(args)], cwd: dir })
    expect(JSON.parse((await run(runner, 'echo.mjs', ['--flag', 'x'])) as string).argv).toEqual(['["--flag","x"]'])
    expect(JSON.parse((await run(runner, 'echo.mjs', null)) as string).argv).toEqual(['null'])
    expect(await run(runner, 'table.mjs')).toBe('from the skill directory')
  })

  it('never involves a shell: metacharacters arrive as plain text', async () => {
    const marker = join(outside, 'shell-ran')
    const hostile = { a: `$(touch ${marker})`, b: `; touch ${marker}`, c: `\`touch ${marker}\``, d: `' && touch ${marker} #`, e: '| cat /etc/passwd' }
    const output = JSON.parse((await run(runner, 'echo.mjs', hostile)) as string)
    expect(JSON.parse(output.argv[0])).toEqual(hostile)
    expect(existsSync(marker)).toBe(false)
  })

  it('scrubs the environment down to the inherited names and the extra values', async () => {
    const nodeOptions = process.env.NODE_OPTIONS
    process.env.AGENTLOOM_TEST_SECRET = 'sk-should-not-leak'
    // Were it passed on, the child could not even start.
    process.env.NODE_OPTIONS = '--require /nonexistent/agentloom-hook.cjs'
    try {
      const env = JSON.parse((await run(createNodeScriptRunner({ env: { SKILL_MODE: 'test' } }), 'env.js')) as string)
      expect(env.AGENTLOOM_TEST_SECRET).toBeUndefined()
      expect(env.NODE_OPTIONS).toBeUndefined()
      expect(env.SKILL_MODE).toBe('test')
      expect(env.PATH).toBe(process.env.PATH)
      const bare = JSON.parse((await run(createNodeScriptRunner({ inheritEnv: [] }), 'env.js')) as string)
      expect(Object.keys(bare).filter((k) => k !== 'PWD' && k !== 'SHLVL' && k !== '_')).toEqual([])
    } finally {
      delete process.env.AGENTLOOM_TEST_SECRET
      if (nodeOptions === undefined) delete process.env.NODE_OPTIONS
      else process.env.NODE_OPTIONS = nodeOptions
    }
    expect(scrubbedEnvironment(['HOME', 'NOPE'], { X: '1' })).toEqual({ ...(process.env.HOME ? { HOME: process.env.HOME } : {}), X: '1' })
  })

  it('reports a non-zero exit with the end of stderr', async () => {
    const error = await run(runner, 'fail.mjs').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SkillScriptError)
    expect((error as Error).message).toBe("Script 'scripts/fail.mjs' of skill 'runner-skill' exited with code 3. stderr: something broke")
  })

  it('returns stdout without trailing whitespace and ignores stderr on success', async () => {
    expect(await run(runner, 'noisy.mjs')).toBe('  result')
  })

  it('stops a script at the timeout, with everything it started', async () => {
    await expect(run(createNodeScriptRunner({ timeoutMs: 1_000 }), 'hang.mjs')).rejects.toThrow(
      new SkillScriptError("Script 'scripts/hang.mjs' of skill 'runner-skill' timed out after 1000 ms and was stopped."),
    )
    const pids = JSON.parse(await readFile(join(dir, 'pids.json'), 'utf8')) as number[]
    for (let attempt = 0; attempt < 50 && pids.some(isAlive); attempt++) await new Promise((r) => setTimeout(r, 100))
    expect(pids.filter(isAlive)).toEqual([])
  })

  it('stops a script that writes more than the output limit', async () => {
    await expect(run(createNodeScriptRunner({ maxOutputBytes: 10_000 }), 'flood.mjs')).rejects.toThrow(
      "Script 'scripts/flood.mjs' of skill 'runner-skill' produced more than 10000 bytes of output and was stopped.",
    )
  })

  it('stops a script when the run is cancelled', async () => {
    const controller = new AbortController()
    const running = run(runner, 'hang.mjs', {}, controller.signal)
    setTimeout(() => controller.abort(), 200)
    await expect(running).rejects.toBeInstanceOf(AbortError)
    const aborted = new AbortController()
    aborted.abort()
    await expect(run(runner, 'echo.mjs', {}, aborted.signal)).rejects.toBeInstanceOf(AbortError)
  })

  it('refuses other file types, links and paths outside the skill without starting anything', async () => {
    await expect(run(runner, 'tool.py')).rejects.toThrow(
      "Script 'scripts/tool.py' of skill 'runner-skill' cannot be run by the Node script runner: only .js, .mjs files are supported.",
    )
    await expect(run(runner, 'linked.mjs')).rejects.toThrow(/cannot be run: Invalid path: the resolved path contains a symbolic link or reparse point\./)
    const escaping = new SkillScript({ name: 'evil', path: join(outside, 'evil.mjs') })
    await expect(Promise.resolve(runner(skill, escaping, {}, {}))).rejects.toThrow(/cannot be run: Invalid path/)
    await expect(run(runner, 'missing.mjs')).rejects.toThrow(/cannot be run: 'scripts\/missing.mjs' was not found/)
  })

  it('refuses arguments too large to pass', async () => {
    await expect(run(runner, 'echo.mjs', { text: 'x'.repeat(200 * 1024) })).rejects.toThrow(/the arguments are larger than 102400 bytes/)
  })
})
