/**
 * Secrets stay out of every page. A stdio MCP server gets a fresh canary as a secret environment
 * value and leaks it in every form it knows (lib/server/testing/mcp-servers/canary-stdio.mjs):
 * in a tool result, in a thrown tool error and in a sampling request, which becomes an approval.
 * Then the pages a person opens — the approvals inbox, the run, the MCP servers list and the
 * server's edit dialog, and the shared run in a browser with nobody signed in — are searched, as
 * rendered and in every response they fetched: not one form of the canary may appear. The pages
 * must show the leaks as "[redacted]", so that the test cannot pass by looking at nothing.
 * (The API, its event streams and the server log are searched by app/api/secrets-canary.int.test.ts.)
 */
import { randomBytes } from 'node:crypto'
import { expect, test, type Page, type Response } from './fixtures/test'
import { leakForms } from '../lib/server/testing/mcp-servers/canary-forms.mjs'

const SERVER_ID = 'canary-pages'
const CANARY = `CANARY-E2E-${randomBytes(12).toString('hex')}`
const LEAKING_CALLS = ['leak', 'fail', 'ask'].map((tool) => `/call ${SERVER_ID}_${tool} {}`).join('\n')

/** Everything the browser was given: rendered pages, response bodies, console lines. */
const seen: Array<{ where: string; text: string }> = []

function leaksIn(texts: ReadonlyArray<{ where: string; text: string }>): string[] {
  const leaks: string[] = []
  for (const [form, value] of Object.entries(leakForms(CANARY))) {
    for (const { where, text } of texts) if (text.includes(value)) leaks.push(`${form} in ${where}`)
  }
  return leaks
}

/**
 * Records every response the page receives (URL, headers and body) and its console. Returns a
 * function that resolves once every body has been read: an event stream's body ends with its run.
 */
function recordTraffic(page: Page, label: string): () => Promise<void> {
  const reads: Array<Promise<void>> = []
  const onResponse = (response: Response) => {
    const where = `${label}: ${response.request().method()} ${response.url()}`
    const head = `${response.url()}\n${JSON.stringify(response.headers())}`
    // The navigation's approval count stream never ends while the page is open, and carries only a number
    // (approvalInboxEventSchema): its URL and headers are recorded, its body is not waited for.
    if (new URL(response.url()).pathname === '/api/approvals/events') {
      seen.push({ where, text: head })
      return
    }
    reads.push(
      response.text().then(
        (body) => void seen.push({ where, text: `${head}\n${body}` }),
        // Redirects have no body; their URL and headers still count.
        () => void seen.push({ where, text: head }),
      ),
    )
  }
  page.on('response', onResponse)
  page.on('console', (message) => void seen.push({ where: `${label}: console`, text: message.text() }))
  return async () => {
    await Promise.all(reads)
    page.off('response', onResponse)
  }
}

interface StreamedWindow {
  __streamed: Array<{ url: string; data: string }>
}

/** Run in the page before its scripts: every message an EventSource of the page hears, with the stream's URL. */
function recordStreamedEvents(): void {
  const streamed: StreamedWindow['__streamed'] = []
  ;(window as unknown as StreamedWindow).__streamed = streamed
  const Native = window.EventSource
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init)
      this.addEventListener('message', (event) => streamed.push({ url: String(url), data: String(event.data) }))
    }
  }
}

/** The page as rendered now, recorded; returned so that the caller can check the leaks showed redacted. */
async function renderedPage(page: Page, label: string): Promise<string> {
  const html = await page.content()
  seen.push({ where: `${label}: rendered page`, text: html })
  return html
}

/** The same session's API, with every answer recorded. */
async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { data })
  const text = await response.text()
  seen.push({ where: `API ${method} ${url}`, text })
  expect(response.ok(), `${method} ${url}: ${text}`).toBe(true)
  return JSON.parse(text) as T
}

function leakyAgentGraph() {
  return {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      {
        id: 'agent',
        kind: 'agent',
        position: { x: 250, y: 0 },
        data: {
          name: 'Leaky',
          instructions: 'Use the tools.',
          model: { provider: 'demo' },
          mcpServerIds: [SERVER_ID],
          functionTools: [],
          skillIds: [],
          toolApprovalMode: 'never_require',
        },
      },
      { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'start-agent', source: 'start', target: 'agent' },
      { id: 'agent-output', source: 'agent', target: 'output' },
    ],
  }
}

test('no form of a leaked secret reaches any page, signed in or shared', async ({ page, browser, baseURL }) => {
  test.slow() // a real stdio server, a run with an approval and five pages on a shared machine

  // 1. A stdio server with the canary as its secret environment value, and a workflow whose
  //    agent calls every leaking tool (the demo model's `/call` lines).
  await api(page, 'POST', '/api/mcp-servers', {
    id: SERVER_ID,
    name: 'Canary pages',
    transport: 'stdio',
    config: { command: 'node', args: ['lib/server/testing/mcp-servers/canary-stdio.mjs'] },
    secrets: { env: { CANARY_ENV: CANARY } },
  })
  const { workflow } = await api<{ workflow: { id: string } }>(page, 'POST', '/api/workflows', { name: 'Canary in pages', graph: leakyAgentGraph() })
  const { run } = await api<{ run: { id: string } }>(page, 'POST', '/api/runs', { workflowId: workflow.id, input: LEAKING_CALLS })

  // 2. The sampling request (it carries the leak) waits for a person in the approvals inbox.
  let approvalId: string | undefined
  await expect
    .poll(
      async () => {
        const { approvals } = await api<{ approvals: Array<{ id: string }> }>(page, 'GET', `/api/approvals?status=pending&runId=${run.id}`)
        approvalId = approvals[0]?.id
        return approvalId
      },
      { message: 'the canary server asks for sampling', timeout: 60_000 },
    )
    .toBeTruthy()
  const inboxTraffic = recordTraffic(page, '/approvals')
  await page.goto('/approvals')
  const inboxCard = page.locator(`[data-testid="approval-card"][data-approval-id="${approvalId}"]`)
  await expect(inboxCard).toContainText('env.whole=[redacted]')
  const inbox = await renderedPage(page, '/approvals')
  await inboxTraffic()

  // 3. The run page, live: deny the request there, and follow the run to its end. What its event stream delivers is
  //    also kept as the page's EventSource hears it: the page closes the stream on its `end` frame, and on a loaded
  //    machine that close can beat the browser's own read of the response body, which Playwright then cannot give.
  const runTraffic = recordTraffic(page, `/runs/${run.id} (live)`)
  await page.addInitScript(recordStreamedEvents)
  await page.goto(`/runs/${run.id}`)
  const runCard = page.locator(`[data-testid="approval-card"][data-approval-id="${approvalId}"]`)
  await expect(runCard).toContainText('env.whole=[redacted]')
  const waiting = await renderedPage(page, `/runs/${run.id} (waiting)`)
  await runCard.getByTestId('approval-deny').click()
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('Result:')
  await expect(page.getByTestId('run-output')).toContainText('env.whole=[redacted]')
  const finished = await renderedPage(page, `/runs/${run.id} (finished)`)
  await runTraffic()
  for (const { url, data } of await page.evaluate(() => (window as unknown as StreamedWindow).__streamed)) {
    seen.push({ where: `/runs/${run.id} (live): streamed ${new URL(url, baseURL).href}`, text: data })
  }
  const { run: stored } = await api<{ run: { status: string } }>(page, 'GET', `/api/runs/${run.id}`)
  expect(stored.status).toBe('succeeded')

  // 4. The run page opened afresh, showing the stored run.
  const reloadTraffic = recordTraffic(page, `/runs/${run.id} (reloaded)`)
  await page.goto(`/runs/${run.id}`)
  await expect(page.getByTestId('run-timeline')).toBeVisible()
  await expect(page.getByTestId('run-output')).toContainText('env.whole=[redacted]')
  const reloaded = await renderedPage(page, `/runs/${run.id} (reloaded)`)
  await reloadTraffic()

  // 5. The MCP servers page, the server's connection test and its edit dialog: the secret's name
  //    shows, its value never.
  const serversTraffic = recordTraffic(page, '/mcp-servers')
  await page.goto('/mcp-servers')
  const row = page.getByTestId(`mcp-server-row-${SERVER_ID}`)
  await expect(row).toBeVisible()
  await page.getByTestId(`mcp-test-${SERVER_ID}`).click()
  await expect(row.getByTestId('mcp-test-result')).toHaveAttribute('data-status', 'ok')
  await expect(row.getByTestId('mcp-test-result')).toContainText('leak')
  await renderedPage(page, '/mcp-servers')
  await page.getByTestId(`mcp-edit-${SERVER_ID}`).click()
  await expect(page.getByTestId('mcp-field-env-name-0')).toHaveValue('CANARY_ENV')
  await expect(page.getByTestId('mcp-field-env-value-0')).toHaveValue('')
  await renderedPage(page, '/mcp-servers (edit dialog)')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('mcp-server-form')).toHaveCount(0)
  await serversTraffic()

  // 6. The shared run, opened by a stranger: a browser with nobody signed in.
  const { url: shareUrl } = await api<{ url: string }>(page, 'POST', `/api/runs/${run.id}/share-links`, {})
  const stranger = await browser.newContext({ baseURL, storageState: undefined })
  const strangerPage = await stranger.newPage()
  const shareTraffic = recordTraffic(strangerPage, '/share')
  await strangerPage.goto(shareUrl)
  await expect(strangerPage.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(strangerPage.getByTestId('run-output')).toContainText('env.whole=[redacted]')
  const shared = await renderedPage(strangerPage, '/share')
  await shareTraffic()
  await stranger.close()

  // The leaks reached the pages — redacted — and no form of the canary did.
  for (const html of [inbox, waiting, finished, reloaded, shared]) expect(html).toContain('[redacted]')
  // By path: the run page follows the stream from the last event it has (`?after=<sequence>`), which depends on when it
  // loaded the stored run.
  // A response counts as fetched by its body, or (an event stream) by what the page's EventSource heard of it.
  const fetched = (label: string, path: string) =>
    seen.some(({ where, text }) =>
      [`${label}: GET `, `${label}: streamed `].some(
        (prefix) => where.startsWith(prefix) && new URL(where.slice(prefix.length)).pathname === new URL(path, baseURL).pathname && text.includes('[redacted]'),
      ),
    )
  expect(fetched(`/runs/${run.id} (live)`, `/api/runs/${run.id}/events`), 'the live page followed the run’s event stream').toBe(true)
  expect(fetched(`/runs/${run.id} (reloaded)`, `/api/runs/${run.id}`), 'the reopened run page loaded the stored run').toBe(true)
  expect(fetched('/share', shareUrl), 'the shared page came rendered from the server').toBe(true)
  expect(leaksIn(seen)).toEqual([])
})
