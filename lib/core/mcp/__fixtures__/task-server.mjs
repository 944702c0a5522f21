/**
 * Fixture: tools with execution.taskSupport "required" and "optional", plus a plain one.
 *   slow_report { label, durationMs, outcome?, progressSteps? }
 *                                                required; completes after durationMs
 *                                                (outcome "fail" → failed task, "error" → isError result;
 *                                                a label starting "stubborn" refuses its first tasks/cancel;
 *                                                progressSteps n → n progress notifications, "step i of n", before it completes)
 *   maybe_task { label }                         optional
 *   plain_echo { text }                          no task support declared
 * With `--record <file>`, each slow_report task it creates and each task it lets be cancelled is appended to the file
 * as a line (`created <taskId> <label>`, `cancelled <taskId>`), so a test in another process can see what it was asked.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { InMemoryTaskMessageQueue, InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks'
import { appendFileSync } from 'node:fs'
import { z } from 'zod'
import { serve } from './serve.mjs'

const recordFile = process.argv.includes('--record') ? process.argv[process.argv.indexOf('--record') + 1] : undefined
const record = (line) => recordFile && appendFileSync(recordFile, `${line}\n`)

/** Refuses the first cancel of the tasks marked with refuseFirstCancel (the SDK answers the client with an error). */
class FixtureTaskStore extends InMemoryTaskStore {
  #refuseNextCancel = new Set()

  refuseFirstCancel(taskId) {
    this.#refuseNextCancel.add(taskId)
  }

  async updateTaskStatus(taskId, status, statusMessage, sessionId) {
    if (status === 'cancelled' && this.#refuseNextCancel.delete(taskId)) throw new Error('the report cannot stop at this point')
    await super.updateTaskStatus(taskId, status, statusMessage, sessionId)
    if (status === 'cancelled') record(`cancelled ${taskId}`)
  }
}

function createServer() {
  const store = new FixtureTaskStore()
  const server = new McpServer(
    { name: 'task-fixture', version: '1.0.0' },
    {
      capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
      taskStore: store,
      taskMessageQueue: new InMemoryTaskMessageQueue(),
    },
  )
  server.experimental.tasks.registerToolTask(
    'slow_report',
    {
      description: 'A long-running report',
      inputSchema: {
        label: z.string(),
        durationMs: z.number().default(300),
        outcome: z.enum(['ok', 'fail', 'error']).default('ok'),
        progressSteps: z.number().int().min(0).default(0),
      },
      execution: { taskSupport: 'required' },
    },
    {
      async createTask({ label, durationMs, outcome, progressSteps }, { taskStore, taskRequestedTtl, _meta, sendNotification }) {
        const task = await taskStore.createTask({ ttl: taskRequestedTtl, pollInterval: 100 })
        if (label.startsWith('stubborn')) store.refuseFirstCancel(task.taskId)
        record(`created ${task.taskId} ${label}`)
        const progressToken = _meta?.progressToken
        if (progressToken !== undefined) {
          for (let step = 1; step <= progressSteps; step += 1) {
            // Spread over the task's duration, all sent before it completes.
            setTimeout(
              () =>
                void sendNotification({
                  method: 'notifications/progress',
                  params: { progressToken, progress: step, total: progressSteps, message: `step ${step} of ${progressSteps}` },
                }).catch(() => {}),
              Math.floor((durationMs * step) / (progressSteps + 1)),
            )
          }
        }
        setTimeout(async () => {
          try {
            const current = await taskStore.getTask(task.taskId)
            if (current.status === 'cancelled') return
            if (outcome === 'fail') {
              await taskStore.storeTaskResult(task.taskId, 'failed', { content: [{ type: 'text', text: 'report failed' }], isError: true })
              return
            }
            await taskStore.storeTaskResult(task.taskId, 'completed', {
              content: [{ type: 'text', text: outcome === 'error' ? `report ${label} broke` : `report ${label} ready (ttl=${taskRequestedTtl ?? 'none'})` }],
              isError: outcome === 'error',
            })
          } catch {
            // the task was cancelled or expired meanwhile
          }
        }, durationMs)
        return { task }
      },
      async getTask(_args, { taskId, taskStore }) {
        return taskStore.getTask(taskId)
      },
      async getTaskResult(_args, { taskId, taskStore }) {
        return taskStore.getTaskResult(taskId)
      },
    },
  )
  server.experimental.tasks.registerToolTask(
    'maybe_task',
    { inputSchema: { label: z.string() }, execution: { taskSupport: 'optional' } },
    {
      async createTask({ label }, { taskStore, taskRequestedTtl }) {
        const task = await taskStore.createTask({ ttl: taskRequestedTtl })
        await taskStore.storeTaskResult(task.taskId, 'completed', { content: [{ type: 'text', text: `task ${label}` }] })
        return { task }
      },
      async getTask(_args, { taskId, taskStore }) {
        return taskStore.getTask(taskId)
      },
      async getTaskResult(_args, { taskId, taskStore }) {
        return taskStore.getTaskResult(taskId)
      },
    },
  )
  server.registerTool('plain_echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }))
  return server
}

await serve(createServer)
