import { spawn, type ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph'
import { liveNodes } from '@/lib/graph/live-document'
import { compileScript } from '../testing/compiled-scripts'
import { createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { connectLiveClient, type LiveClient } from './testing/live-client'

const root = process.cwd()
const script = join(root, 'node_modules', '.cache', 'agentloom-test-scripts', `collab-host-${process.pid}.mjs`)
let app: TestApp
let owner: TestUser
let databaseUrl: string
const processes: ChildProcess[] = []
const clients: LiveClient[] = []

/** A web process with the live endpoint on the test's database; resolves with its address once it listens. */
function startWebProcess(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] })
  processes.push(child)
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening (\d+)/.exec(output)
      if (match) resolve({ baseUrl: `http://127.0.0.1:${match[1]}`, child })
    })
    child.on('exit', (code) => reject(new Error(`the web process ended (${code}) before it listened`)))
  })
}

async function connect(baseUrl: string, workflowId: string): Promise<LiveClient> {
  const client = await connectLiveClient({ baseUrl, workflowId, token: owner.token })
  clients.push(client)
  return client
}

beforeAll(async () => {
  await compileScript(root, 'lib/server/collab/testing/collab-host-script.ts', script)
  app = await createTestApp({ seed: false })
  owner = await app.addUser()
  databaseUrl = (app.db.pool.options as { connectionString: string }).connectionString
})

afterAll(async () => {
  for (const client of clients) client.destroy()
  for (const child of processes) child.kill('SIGKILL')
  await app?.close()
  await rm(script, { force: true })
})

async function newWorkflow(): Promise<string> {
  const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Live', graph: exampleWorkflowDocument() })
  return workflow.id
}

it('relays an edit made on one web process to the people on another (through Postgres)', async () => {
  const [a, b] = await Promise.all([startWebProcess(), startWebProcess()])
  const id = await newWorkflow()
  const onA = await connect(a.baseUrl, id)
  const onB = await connect(b.baseUrl, id)
  liveNodes(onA.doc).get('researcher')!.set('x', 111)
  await onB.until((doc) => liveNodes(doc).get('researcher')!.get('x') === 111)
  liveNodes(onB.doc).get('output')!.set('y', 222)
  await onA.until((doc) => liveNodes(doc).get('output')!.get('y') === 222)
})

it('loses nothing acknowledged when the web process is killed: a new one serves it', async () => {
  const first = await startWebProcess()
  const id = await newWorkflow()
  const editor = await connect(first.baseUrl, id)
  liveNodes(editor.doc).get('researcher')!.set('y', 333)
  await editor.acknowledged()
  editor.destroy()
  first.child.kill('SIGKILL')
  const second = await startWebProcess()
  const reader = await connect(second.baseUrl, id)
  expect(liveNodes(reader.doc).get('researcher')!.get('y')).toBe(333)
})
