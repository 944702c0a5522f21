// The README's two commands as a new user runs them: a fresh clone of this repository's HEAD in a private folder
// (mode 0700, like root's home or any `mktemp -d`), `npm install`, then `npm start` until the first answer: the
// setup link printed and the page behind it served. Prints what it saw and how long each step took.
//   node scripts/first-start-check.mjs [--keep]        (npm run check:first-start)
// Run as root it is the case that used to fail; run as a normal user, the usual one. It needs the npm registry.
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const keep = process.argv.includes('--keep')
const parent = mkdtempSync(join(tmpdir(), 'agentloom-first-start-'))
chmodSync(parent, 0o700)
const checkout = join(parent, 'agentloom')
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
for (const name of ['DATABASE_URL', 'AGENTLOOM_DATA_DIR', 'AGENTLOOM_SECRET_KEY', 'AGENTLOOM_ADMIN_EMAIL', 'AGENTLOOM_ADMIN_PASSWORD', 'OPENAI_API_KEY'])
  delete env[name]
const timings = []
let server
let output = ''

function timed(label, work) {
  const started = Date.now()
  const result = work()
  timings.push([label, (Date.now() - started) / 1000])
  return result
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status}`)
}

function fail(reason) {
  console.error(`\n✗ ${reason}`)
  finish(1)
}

function finish(code) {
  server?.kill('SIGTERM')
  const cleanUp = () => {
    if (!keep) {
      rmSync(parent, { recursive: true, force: true })
      // As root in a private folder the database went to the fallback folder the start named: it goes too.
      const fallback = /the embedded database lives in (\S+)\/postgres /.exec(output)?.[1]
      if (fallback) rmSync(fallback, { recursive: true, force: true })
    }
    for (const [label, seconds] of timings) console.log(`${label.padEnd(40)} ${seconds.toFixed(1)} s`)
    process.exit(code)
  }
  if (server && server.exitCode === null) server.once('exit', cleanUp)
  else cleanUp()
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

console.log(`as ${process.getuid?.() === 0 ? 'root' : 'a normal user'}, in ${checkout} (its parent is private)`)
timed('git clone', () => run('git', ['clone', '--quiet', repo, checkout], parent))
timed('npm install', () => run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], checkout))

const port = await freePort()
const started = Date.now()
server = spawn('npm', ['start'], { cwd: checkout, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] })
const onOutput = (chunk) => {
  process.stdout.write(chunk)
  output += chunk.toString()
}
server.stdout.on('data', onOutput)
server.stderr.on('data', onOutput)
server.on('exit', (code) => fail(`npm start ended (${code}) before answering`))

const link = await new Promise((resolve) => {
  const timer = setInterval(() => {
    const found = /https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+/.exec(output)?.[0]
    if (found) {
      clearInterval(timer)
      resolve(found)
    }
  }, 200)
})
const page = await fetch(link)
timings.push(['npm start → the setup page answers', (Date.now() - started) / 1000])
if (page.status !== 200) fail(`the setup page answered ${page.status}`)
if (/\n\s+at /.test(output)) fail('the first start printed a stack trace')
server.removeAllListeners('exit')
console.log(`\n✓ the setup page answered 200 (${link.replace(/token=.*/, 'token=…')}); ${output.trim().split('\n').length} lines of output`)
finish(0)
