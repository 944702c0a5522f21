// The creates of fireRuns (load.ts), from a thread of their own: the bench's main thread follows runs over SSE, polls
// the database and samples CPU, and any of those holding its event loop would be counted in a create's latency (a
// response that arrived but was not read yet). Plain JavaScript, so the thread needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads'

const { url, authorization, workflowId, count, inflight, ratePerSecond } = workerData
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function createOne(index) {
  const started = performance.now()
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ workflowId, input: `bench run ${index}: say something short.` }),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`start a run: HTTP ${response.status} ${text.slice(0, 300)}`)
    const latencyMs = performance.now() - started
    parentPort.postMessage({ kind: 'created', index, id: JSON.parse(text).run.id, latencyMs })
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', index, message: String(error?.message ?? error).slice(0, 200) })
  }
}

const firstCreateAt = Date.now()
if (ratePerSecond !== undefined) {
  const creates = []
  for (let index = 0; index < count; index++) {
    // Each create at its own time from the first, so a late timer does not push every later one back.
    const wait = firstCreateAt + (index * 1000) / ratePerSecond - Date.now()
    if (wait > 0) await sleep(wait)
    creates.push(createOne(index))
  }
  await Promise.all(creates)
} else {
  let next = 0
  const createNext = async () => {
    while (next < count) await createOne(next++)
  }
  await Promise.all(Array.from({ length: Math.min(inflight, count) }, createNext))
}
parentPort.postMessage({ kind: 'done', firstCreateAt, lastCreateAt: Date.now() })
