/**
 * Runs a person can read, a live approvals inbox, and the look and feel (issue #15): a node of the
 * run graph opens what it received and produced; token usage is charted; a run can be started again
 * with the same or edited input; the runs list filters by status in its URL; the inbox and the
 * navigation's badge follow new and answered approvals without a reload; an MCP task's reported
 * progress is a bar; dark mode follows the system and the switch; the main pages fit 1280×720; `?`
 * shows the shortcuts. Workflows, runs and servers are set up through the API; the rest is the browser.
 */
import { expect, test, type APIRequestContext } from './fixtures/test'
import { straightGraph } from './fixtures/graphs'
import { snap } from './fixtures/page'

async function createWorkflow(api: APIRequestContext, name: string, graph: unknown): Promise<string> {
  const workflow = await api.post('/api/workflows', { data: { name, graph } })
  expect(workflow.ok()).toBe(true)
  return ((await workflow.json()) as { workflow: { id: string } }).workflow.id
}

async function startRun(api: APIRequestContext, workflowId: string, input: string): Promise<string> {
  const started = await api.post('/api/runs', { data: { workflowId, input } })
  expect(started.ok()).toBe(true)
  return ((await started.json()) as { run: { id: string } }).run.id
}

async function pendingApprovals(api: APIRequestContext): Promise<{ id: string; runId: string }[]> {
  const response = await api.get('/api/approvals?status=pending')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { approvals: { id: string; runId: string }[] }).approvals
}

const writerGraph = straightGraph({ id: 'writer-node', kind: 'agent', data: { name: 'Writer', model: { provider: 'demo' } } })
const questionGraph = straightGraph({ id: 'ask-node', kind: 'human_input', data: { label: 'Sign-off', prompt: 'Ship the release?' } })

test('a run read as a person would: a node’s inputs and outputs, token charts, run again, and the runs filter', async ({ page }, testInfo) => {
  const workflowId = await createWorkflow(page.request, 'E2E readable run', writerGraph)
  const runId = await startRun(page.request, workflowId, 'hello there')
  await page.goto(`/runs/${runId}`)
  // The first page of a freshly started server on a busy machine can take longer than the default wait.
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded', { timeout: 45_000 })

  // Timeline lines name the agent by its title, never its id.
  const timeline = page.getByTestId('run-timeline')
  await expect(timeline.getByText('Writer started')).toBeVisible()
  // innerText: what is shown (a row's JSON, folded away, may name the executor's id).
  expect(await timeline.innerText()).not.toContain('writer-node')

  // Token usage per agent and over time, drawn from the run's events.
  const charts = page.getByTestId('run-usage-charts')
  await expect(charts).toBeVisible()
  await expect(charts.getByTestId('usage-by-agent').locator('.recharts-bar-rectangle').first()).toBeVisible()
  await expect(charts.getByTestId('usage-by-agent')).toContainText('Writer')
  await expect(charts.getByTestId('usage-over-time').locator('.recharts-line')).toHaveCount(1)

  // A node of the graph opens what it received and produced in this run; Escape closes it.
  await page.getByTestId('run-node-writer-node').click()
  const panel = page.getByTestId('node-activity-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByTestId('node-activity-title')).toHaveText('Writer')
  await expect(panel.getByRole('heading', { name: 'Received' })).toBeVisible()
  await expect(panel).toContainText('hello there')
  await expect(panel.getByRole('heading', { name: 'Replies' })).toBeVisible()
  await snap(page, testInfo, '01-node-panel')
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)

  // Run again with the same input: a new run of the same version opens, and a toast says it started.
  await page.getByTestId('run-rerun').click()
  await expect(page).not.toHaveURL(new RegExp(`/runs/${runId}$`))
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Run started')).toBeVisible()
  await expect(page.getByTestId('run-input-text')).toHaveText('hello there')
  const rerunId = page.url().split('/').pop()!

  // Edit and run: other input, on the latest version.
  await page.getByTestId('run-rerun-edit').click()
  await page.getByTestId('run-rerun-input').fill('second input')
  await page.getByTestId('run-rerun-latest').check()
  await page.getByTestId('run-rerun-start').click()
  await expect(page).not.toHaveURL(new RegExp(`/runs/${rerunId}$`))
  await expect(page.getByTestId('run-input-text')).toHaveText('second input')
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')

  // The runs list filters by status, and the filter lives in the URL.
  const questionId = await createWorkflow(page.request, 'E2E cancelled run', questionGraph)
  const cancelledId = await startRun(page.request, questionId, 'x')
  expect((await page.request.post(`/api/runs/${cancelledId}/cancel`, { data: {} })).ok()).toBe(true)
  await page.goto('/runs')
  await page.getByTestId('run-status-filter').getByRole('link', { name: 'Cancelled' }).click()
  await expect(page).toHaveURL(/\/runs\?status=cancelled$/)
  const rows = page.getByTestId('run-row')
  await expect(page.locator(`[data-run-id="${cancelledId}"]`)).toHaveCount(1)
  await expect(page.locator(`[data-run-id="${runId}"]`)).toHaveCount(0)
  for (const status of await rows.getByTestId('run-status').all()) await expect(status).toHaveAttribute('data-status', 'cancelled')
  await page.reload()
  await expect(page.getByTestId('run-status-filter').getByRole('link', { name: 'Cancelled' })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator(`[data-run-id="${cancelledId}"]`)).toHaveCount(1)
  await page.getByTestId('run-status-filter').getByRole('link', { name: 'Succeeded' }).click()
  await expect(page).toHaveURL(/\/runs\?status=succeeded$/)
  await expect(page.locator(`[data-run-id="${runId}"]`)).toHaveCount(1)
  await expect(page.locator(`[data-run-id="${cancelledId}"]`)).toHaveCount(0)
  await snap(page, testInfo, '02-runs-filtered')
})

test('the approvals inbox and the navigation’s badge follow new and answered approvals live', async ({ page }, testInfo) => {
  const api = page.request
  const workflowId = await createWorkflow(api, 'E2E live inbox', questionGraph)
  await page.goto('/approvals')
  const before = (await pendingApprovals(api)).length
  const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('approvals-nav-badge')
  // The badge's stream has told the count: hidden at 0, else the number.
  await expect(badge).toHaveAttribute('data-pending', String(before))
  if (before === 0) await expect(badge).toBeHidden()
  else await expect(badge).toHaveText(String(before))

  // A run asks a question: the card and the count arrive without a reload (there is no polling).
  const runId = await startRun(api, workflowId, 'release 1.2')
  const card = page.getByTestId('approval-card').filter({ hasText: 'Ship the release?' })
  await expect(card).toHaveCount(1)
  await expect(badge).toHaveText(String(before + 1))
  await expect(page.getByTestId('approvals-count')).toHaveText(`${before + 1} waiting for an answer`)
  await snap(page, testInfo, '03-inbox-live')

  // Answered elsewhere (through the API): the badge counts down, live.
  const approval = (await pendingApprovals(api)).find((item) => item.runId === runId)!
  expect((await api.post(`/api/approvals/${approval.id}`, { data: { decision: 'approve', content: { text: 'yes' } } })).ok()).toBe(true)
  await expect(badge).toHaveAttribute('data-pending', String(before))
  if (before === 0) await expect(badge).toBeHidden()

  // On another page, a new approval is told in a toast that leads to the inbox.
  await page.goto('/runs')
  await expect(page.getByTestId('runs-table')).toBeVisible()
  await expect(badge).toHaveAttribute('data-pending', String(before))
  await startRun(api, workflowId, 'release 1.3')
  await expect(badge).toHaveText(String(before + 1))
  const toast = page.getByText('A run is waiting for your answer')
  await expect(toast).toBeVisible()
  await page.getByRole('button', { name: 'Open inbox' }).click()
  await expect(page).toHaveURL(/\/approvals$/)
})

test('a long-running MCP task’s reported progress shows as a bar', async ({ page }, testInfo) => {
  const api = page.request
  const serverId = 'e2e-progress'
  const created = await api.post('/api/mcp-servers', {
    data: { id: serverId, name: 'E2E progress', transport: 'stdio', config: { command: 'node', args: ['lib/core/mcp/__fixtures__/task-server.mjs'] } },
  })
  expect(created.ok()).toBe(true)
  const graph = straightGraph({
    id: 'reporter',
    kind: 'agent',
    data: { name: 'Reporter', model: { provider: 'demo' }, mcpServerIds: [serverId], toolApprovalMode: 'never_require' },
  })
  const workflowId = await createWorkflow(api, 'E2E task progress', graph)
  const runId = await startRun(api, workflowId, `/call ${serverId}_slow_report {"label":"p","durationMs":4000,"progressSteps":4}`)
  await page.goto(`/runs/${runId}`)
  const bar = page.getByTestId('run-timeline').getByRole('progressbar', { name: 'Progress of slow_report' })
  // The page may take a while to follow the run on a busy machine; the bar stays once shown.
  await expect(bar).toBeVisible({ timeout: 45_000 })
  await expect(bar).toHaveAttribute('aria-valuenow', /^(25|50|75|100)$/)
  await expect(page.getByTestId('task-progress')).toContainText('%')
  await snap(page, testInfo, '04-task-progress')
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded', { timeout: 30_000 })
})

test('dark mode follows the system from the first paint, and the switch overrides it', async ({ page }, testInfo) => {
  const workflowId = await createWorkflow(page.request, 'E2E dark', writerGraph)
  const runId = await startRun(page.request, workflowId, 'dark')

  // Dark mode follows the system from the first paint, and the switch overrides it (remembered).
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(`/runs/${runId}`)
  const html = page.locator('html')
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const darkBackground = await background()
  await snap(page, testInfo, '05-dark-mode')
  await page.getByTestId('theme-light').click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  expect(await background()).not.toBe(darkBackground)
  await page.reload()
  await expect(html).not.toHaveClass(/\bdark\b/)
  await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('theme-dark').click()
  await page.emulateMedia({ colorScheme: 'light' })
  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.getByTestId('theme-system').click()
  await expect(html).not.toHaveClass(/\bdark\b/)
})

test('the main pages fit 1280×720 without scrolling sideways, and ? shows the shortcuts', async ({ page }, testInfo) => {
  // Eight pages on a shared two-core machine: more than the default limit may pass.
  test.setTimeout(600_000)
  const workflowId = await createWorkflow(page.request, 'E2E look', writerGraph)
  const runId = await startRun(page.request, workflowId, 'look')
  await page.setViewportSize({ width: 1280, height: 720 })
  const pages: [string, string][] = [
    ['/workflows', 'main h1'],
    [`/workflows/${workflowId}`, 'main .react-flow__node'],
    ['/runs', '[data-testid="runs-table"]'],
    [`/runs/${runId}`, '[data-testid="run-usage-charts"]'],
    ['/approvals', '[data-testid="approvals-count"]'],
    ['/mcp-servers', 'main h1'],
    ['/skills', 'main h1'],
    ['/settings', 'main h1'],
  ]
  for (const [path, loaded] of pages) {
    await page.goto(path)
    await expect(page.locator(loaded).first()).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0)
  }

  // `?` shows the shortcuts (the editor's real ones); typing ? in a field does not.
  await page.goto(`/workflows/${workflowId}`)
  await page.getByTestId('workflow-name').click()
  await page.keyboard.type('?')
  await expect(page.getByTestId('shortcuts-sheet')).toHaveCount(0)
  await page.getByTestId('workflow-name').press('Escape')
  await page.getByTestId('workflow-name').blur()
  await page.keyboard.press('?')
  const sheet = page.getByTestId('shortcuts-sheet')
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText('Save a new version')
  await expect(sheet).toContainText('Undo')
  await snap(page, testInfo, '06-shortcuts')
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
})
