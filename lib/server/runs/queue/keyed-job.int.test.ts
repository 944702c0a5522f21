/**
 * A keyed job's add on a real graphile-worker schema: it brings the waiting job up to date, queues another beside a
 * running one, and is not dropped when a worker takes the waiting job while the add runs (keyed-job.ts). That last
 * case lost an experiment's wake-up once, on a loaded CI machine: the experiment waited for its safety step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { waitFor } from '../../testing/wait-for'
import { addKeyedJobExpression } from './keyed-job'

const TASK = 'keyed-job-test'

describe('keyed jobs', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => {
    await app?.close()
  })

  /** Adds the job for `subject` with `news` in its payload; the job's id. */
  async function add(subject: string, news: string): Promise<string | null> {
    const expression = addKeyedJobExpression({
      task: TASK,
      payloadSql: `json_build_object('subject', $1::text, 'news', $2::text)`,
      keySql: `'test:' || $1::text`,
    })
    const [row] = await app.db.sql.query<{ id: string | null }>(`SELECT ${expression} AS id`, [subject, news])
    return row?.id ?? null
  }

  const jobs = (subject: string) =>
    app.db.sql.query<{ key: string | null; news: string; taken: boolean }>(
      `SELECT j.key, j.payload->>'news' AS news, j.locked_at IS NOT NULL AS taken FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1 AND j.payload->>'subject' = $2 ORDER BY j.id`,
      [TASK, subject],
    )

  /** Takes the key's waiting job as a worker does, in a transaction left open until `commit` is called. */
  async function takeWaitingJob(subject: string): Promise<{ commit: () => Promise<void> }> {
    const pool = app.db.openPool(1)
    const worker = await pool.connect()
    await worker.query('BEGIN')
    await worker.query(`UPDATE graphile_worker._private_jobs SET locked_by = 'worker', locked_at = now() WHERE key = $1`, [`test:${subject}`])
    return {
      commit: async () => {
        await worker.query('COMMIT')
        worker.release()
        await pool.end()
      },
    }
  }

  it('brings the waiting job up to date rather than queue a second', async () => {
    const first = await add('a', 'one')
    expect(await add('a', 'two')).toBe(first)
    expect(await jobs('a')).toEqual([{ key: 'test:a', news: 'two', taken: false }])
  })

  it('queues a second job under the key beside one a worker runs', async () => {
    await add('b', 'one')
    await (await takeWaitingJob('b')).commit()
    await add('b', 'two')
    // Graphile clears the running job's key, so the key names the job still to run.
    expect(await jobs('b')).toEqual([
      { key: null, news: 'one', taken: true },
      { key: 'test:b', news: 'two', taken: false },
    ])
  })

  it('is not dropped when a worker takes the waiting job while the add runs', async () => {
    await add('c', 'one')
    const taking = await takeWaitingJob('c')
    // The add meets the job's row while the worker's transaction holds it, and waits for it.
    const adding = add('c', 'two')
    await waitFor(async () => {
      const [waiting] = await app.db.sql.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%add_job%'`,
      )
      return waiting
    })
    await taking.commit()
    expect(await adding).not.toBeNull()
    // The taken job may have read the world before the add's news: the news is a job of its own, left to run.
    expect(await jobs('c')).toEqual([
      { key: 'test:c', news: 'one', taken: true },
      { key: null, news: 'two', taken: false },
    ])
  })
})
