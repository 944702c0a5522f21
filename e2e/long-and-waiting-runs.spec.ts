/**
 * What a walk as a new user found (issue #27): a 1,000-step chain the editor called fine that then
 * failed "did not converge"; a timeline that said an agent replied while its tool call still waited,
 * and a run graph that painted a node Done after Cancel; a toast announcing an approval that covered
 * the very approval. Workflows are set up through the API where a person could not build them by hand.
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures/test'

type Node = { id: string; kind: string; data: Record<string, unknown> }

function chainGraph(middle: Node[]) {
  const nodes = [{ id: 'start', kind: 'start', data: {} }, ...middle, { id: 'output', kind: 'output', data: {} }]
  const edges = nodes.slice(1).map((node, i) => ({ id: `${nodes[i]!.id}->${node.id}`, source: nodes[i]!.id, target: node.id }))
  return { schemaVersion: 1, nodes: nodes.map((node, i) => ({ ...node, position: { x: i * 260, y: 0 } })), edges }
}

async function createWorkflow(api: APIRequestContext, name: string, graph: unknown): Promise<string> {
  const created = await api.post('/api/workflows', { data: { name, graph } })
  expect(created.ok()).toBe(true)
  return ((await created.json()) as { workflow: { id: string } }).workflow.id
}

const problems = (page: Page) => page.getByTestId('problems-panel')

test('a chain longer than Max steps is a problem in the editor, with the way out, and gone once Max steps are raised', async ({ page }) => {
  const steps = Array.from({ length: 120 }, (_, i) => ({ id: `t${i}`, kind: 'transform', data: { label: `Step ${i}`, expression: 'input' } }))
  const workflowId = await createWorkflow(page.request, 'E2E long chain', chainGraph(steps))
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('canvas')).toBeVisible()

  const tooLong = problems(page).locator('[data-code="too_many_steps"]')
  await expect(tooLong).toContainText('This workflow needs up to 121 steps but may take at most 100; raise Max steps in Settings.')
  await expect(problems(page)).not.toContainText('No problems')

  await page.getByTestId('workflow-settings').click()
  const maxSteps = page.getByTestId('settings-max-steps')
  await expect(maxSteps).toHaveValue('100')
  await maxSteps.fill('0')
  await expect(page.getByText('Enter a whole number from 1 to 10,000.')).toBeVisible()
  await expect(page.getByTestId('workflow-settings-save')).toBeDisabled()
  await maxSteps.fill('150')
  await page.getByTestId('workflow-settings-save').click()
  await expect(maxSteps).toBeHidden()
  await expect(tooLong).toHaveCount(0)
  await expect(problems(page)).toContainText('No problems')
})

async function startRun(api: APIRequestContext, workflowId: string, input: string): Promise<string> {
  const started = await api.post('/api/runs', { data: { workflowId, input } })
  expect(started.ok()).toBe(true)
  return ((await started.json()) as { run: { id: string } }).run.id
}

const counter = {
  id: 'counter',
  kind: 'agent',
  data: { name: 'Calculator', model: { provider: 'demo' }, functionTools: ['word_count'], toolApprovalMode: 'always_require' },
}

test('while its tool call waits for approval the step is not said to have replied or completed, and after Cancel it is not Done', async ({ page }) => {
  const workflowId = await createWorkflow(page.request, 'E2E waiting tool call', chainGraph([counter]))
  const runId = await startRun(page.request, workflowId, '/call word_count {"text":"one two"}')
  await page.goto(`/runs/${runId}`)
  await expect(page.getByTestId('approval-card')).toBeVisible()

  const timeline = page.getByTestId('run-timeline')
  await expect(timeline).toContainText('Calculator waits for approval to call word_count')
  await expect(timeline).toContainText('Calculator paused until a person answers')
  await expect(timeline).not.toContainText('Calculator replied')
  await expect(timeline).not.toContainText('Calculator completed')
  await expect(page.getByTestId('run-node-counter')).toHaveAttribute('data-status', 'waiting')

  await page.getByTestId('run-cancel').click()
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'cancelled')
  await expect(page.getByTestId('run-node-counter')).toHaveAttribute('data-status', 'cancelled')
})

test('the "waiting for your answer" toast is not shown over an approval the chat already shows, and still tells of one elsewhere', async ({ page }) => {
  const created = await page.request.post('/api/agents', {
    data: {
      name: `Toast counter ${Date.now()}`,
      definition: { model: { provider: 'demo' }, functionTools: ['word_count'], toolApprovalMode: 'always_require' },
    },
  })
  expect(created.status()).toBe(201)
  const agentId = ((await created.json()) as { agent: { id: string } }).agent.id
  const elsewhere = await createWorkflow(page.request, 'E2E approval elsewhere', chainGraph([counter]))
  const waitingBefore = await pendingApprovalIds(page.request)

  await page.goto(`/agents/${agentId}/chat`)
  const badge = page.getByTestId('approvals-nav-badge')
  await expect(badge).toHaveAttribute('data-pending', /\d+/)
  const before = Number(await badge.getAttribute('data-pending'))
  // Every toast text the page ever shows, however briefly.
  await page.evaluate(() => {
    const seen = new Set<string>()
    ;(window as unknown as { toastsSeen: Set<string> }).toastsSeen = seen
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) seen.add(toast.textContent ?? '')
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })

  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page).toHaveURL(/\?c=[0-9a-f-]+$/)
  const box = page.getByLabel('Message')
  await expect(box).toBeEditable()
  await box.fill('/call word_count {"text":"one two"}')
  await box.press('Enter')
  await expect(page.getByTestId('approval-card')).toBeVisible()
  await expect(badge).toHaveAttribute('data-pending', String(before + 1))

  // An approval of another run: that one is told.
  await startRun(page.request, elsewhere, '/call word_count {"text":"three"}')
  await expect(badge).toHaveAttribute('data-pending', String(before + 2))
  await expect(page.getByText('A run is waiting for your answer')).toBeVisible()
  const seen = await page.evaluate(() => [...(window as unknown as { toastsSeen: Set<string> }).toastsSeen])
  expect(seen.filter((text) => text.includes('waiting for your answer') && !text.includes(`${before + 2} approvals wait`))).toEqual([])

  // Leaves nothing waiting: the two requests would expire minutes later, in the middle of a later spec that counts
  // what waits (runs-and-look's live badge).
  for (const id of await pendingApprovalIds(page.request)) {
    if (!waitingBefore.includes(id)) expect((await page.request.post(`/api/approvals/${id}`, { data: { decision: 'deny' } })).ok()).toBe(true)
  }
})

async function pendingApprovalIds(api: APIRequestContext): Promise<string[]> {
  const response = await api.get('/api/approvals?status=pending')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { approvals: { id: string }[] }).approvals.map((approval) => approval.id)
}
