/**
 * An MCP server's settings, set in the MCP servers page form, used by a run: an extra argument
 * name let through reaches the server (which echoes what it received) while others are dropped,
 * a sampling request within the caps is approved automatically, and one beyond them is denied
 * automatically, with the policy's reasons in the run page; a person's "approve the rest of this
 * run's requests from this server" on a card answers the request waiting beside it. The server and
 * the workflow are set up through the API; the settings and the run are the browser.
 */
import { expect, test } from './fixtures/test'
import { straightGraph } from './fixtures/graphs'
import { openWorkflowEditor, snap } from './fixtures/page'

const SERVER = 'e2e-policy'

test('extra arguments and the sampling policy set in the form are used by a run', async ({ page }, testInfo) => {
  const api = page.request
  const server = await api.post('/api/mcp-servers', {
    data: { id: SERVER, name: 'E2E policy', transport: 'stdio', config: { command: 'node', args: ['lib/server/mcp/testing/settings-server.mjs'] } },
  })
  expect(server.ok()).toBe(true)
  const graph = straightGraph({
    id: 'caller',
    kind: 'agent',
    data: { name: 'Caller', model: { provider: 'demo' }, mcpServerIds: [SERVER], toolApprovalMode: 'never_require' },
  })
  const workflow = await api.post('/api/workflows', { data: { name: 'E2E settings used', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id

  // The settings, in the form: trace_id forwarded to every tool; sampling approved automatically
  // up to 300 tokens a request (and 5 a run), denied beyond.
  await page.goto('/mcp-servers')
  await page.getByTestId(`mcp-settings-${SERVER}`).click()
  const dialog = page.getByTestId('mcp-settings')
  await dialog.getByTestId('mcp-settings-global-args').fill('trace_id')
  await dialog.getByTestId('mcp-settings-sampling-mode').selectOption('auto')
  await dialog.getByTestId('mcp-settings-max-tokens').fill('300')
  await dialog.getByTestId('mcp-settings-max-requests').fill('5')
  await dialog.getByTestId('mcp-settings-beyond-caps').selectOption('deny')
  await dialog.getByTestId('mcp-settings-save').click()
  await expect(dialog).toHaveCount(0)

  // The run: the demo model calls each tool line in order.
  await openWorkflowEditor(page, workflowId)
  await page.getByTestId('run-workflow').click()
  await page
    .getByTestId('run-input')
    .fill(
      [
        `/call ${SERVER}_echo_args {"text":"hi","trace_id":"t-42","session":"s-9"}`,
        `/call ${SERVER}_ask_model {"question":"small question","maxTokens":100}`,
        `/call ${SERVER}_ask_model {"question":"large question","maxTokens":1000}`,
      ].join('\n'),
    )
  await page.getByTestId('run-submit').click()
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+$/)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', /succeeded|failed/)

  // The extra argument reached the server; the one not allowed did not.
  const output = page.getByTestId('run-output')
  await expect(output).toContainText('received {"text":"hi","trace_id":"t-42"}')
  await expect(output).not.toContainText('s-9')
  // Within the caps: answered by the run's model without asking anyone.
  await expect(output).toContainText('model: Demo reply: small question')
  // Beyond them: refused, with the policy's reason on the denied request.
  const history = page.getByTestId('approval-history-item')
  await expect(history).toHaveCount(2)
  await expect(history.and(page.locator('[data-status="approved"]'))).toContainText('Approved automatically: within 300 tokens and 5 requests per run.')
  await expect(history.and(page.locator('[data-status="denied"]'))).toContainText(
    'Denied automatically: it asks for 1000 tokens, more than the 300 approved automatically.',
  )
  await expect(page.getByTestId('approval-card')).toHaveCount(0)
  await snap(page, testInfo, 'settings-used-by-run')
})

test('approving a sampling card for the rest of the run answers the request waiting beside it too', async ({ page }, testInfo) => {
  const api = page.request
  // The README's server, asked each time (its default policy); the demo model calls both tool lines at once.
  const graph = straightGraph({
    id: 'researcher',
    kind: 'agent',
    data: { name: 'Researcher', model: { provider: 'demo' }, mcpServerIds: ['research-assistant'], toolApprovalMode: 'never_require' },
  })
  const workflow = await api.post('/api/workflows', { data: { name: 'E2E rest of run', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const input = ['tides', 'wind'].map((topic) => `/call research-assistant_summarize_topic {"topic":"${topic}"}`).join('\n')
  const started = await api.post('/api/runs', { data: { workflowId, input } })
  expect(started.ok()).toBe(true)
  await page.goto(`/runs/${((await started.json()) as { run: { id: string } }).run.id}`)

  const open = page.getByTestId('approval-approve')
  await expect(open).toHaveCount(2)
  const first = page
    .getByTestId('approval-card')
    .filter({ has: page.getByTestId('approval-approve') })
    .first()
  await first.getByTestId('sampling-approve-rest').check()
  await first.getByTestId('approval-approve').click()

  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(open).toHaveCount(0)
  // Both cards read approved: the one answered by the person, and the one waiting beside it.
  const cards = page.getByTestId('approval-card')
  await expect(cards).toHaveCount(2)
  for (const card of await cards.all()) await expect(card.getByTestId('approval-status')).toHaveText('Approved')
  await snap(page, testInfo, 'rest-of-run-approved')
})
