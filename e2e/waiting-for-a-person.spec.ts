/**
 * What a new user met in a run that waits for a person (issue #15, defects 7, 11 and 13): the
 * waiting step, the badge and the card say who waits for what, by the node's title; the timeline
 * reads in words; an answered card shows its decision and no buttons; a finished run's output is
 * "Output"; a cancelled run's request reads "Cancelled"; dates read alike on every page and the
 * navigation marks the page shown. Workflows and runs are set up through the API; the rest is the browser.
 */
import { expect, test, type APIRequestContext } from './fixtures/test'
import { straightGraph } from './fixtures/graphs'
import { snap } from './fixtures/page'

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

async function startRun(api: APIRequestContext, name: string, graph: unknown, input: string): Promise<string> {
  const workflow = await api.post('/api/workflows', { data: { name, graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const started = await api.post('/api/runs', { data: { workflowId, input } })
  expect(started.ok()).toBe(true)
  return ((await started.json()) as { run: { id: string } }).run.id
}

test('a question: the step waits, the card names it, the timeline reads in words, the answer replaces the buttons', async ({ page }, testInfo) => {
  const graph = straightGraph({ id: 'human-1', kind: 'human_input', data: { label: 'Editor sign-off', prompt: 'Publish the draft?' } })
  const runId = await startRun(page.request, 'E2E question', graph, 'the draft')
  await page.goto(`/runs/${runId}`)

  // Defect 7: the step waits (not "Done"), the badge says an answer is awaited, the card names the step by its title.
  await expect(page.getByTestId('run-node-human-1')).toHaveAttribute('data-status', 'waiting')
  await expect(page.getByTestId('run-node-human-1')).toContainText('Waiting')
  await expect(page.getByTestId('run-status')).toHaveText('Waiting for an answer')
  const card = page.getByTestId('approval-card')
  await expect(card.getByTestId('approval-source')).toHaveText('from Editor sign-off')

  // Defect 11: the timeline says who asks what, and shows no raw event type.
  const timeline = page.getByTestId('run-timeline')
  await expect(timeline.getByText('Editor sign-off asks for input')).toBeVisible()
  await expect(timeline.getByText('Editor sign-off asks a question')).toBeVisible()
  await expect(timeline).not.toContainText('request_info')
  await expect(timeline).not.toContainText('approval_requested')
  await snap(page, testInfo, '01-question-waiting')

  // Defect 13: once answered, the card shows the decision and no buttons; the finished run's output is "Output".
  await card.getByTestId('approval-answer').fill('Yes, publish it.')
  await card.getByTestId('approval-approve').click()
  await expect(card.getByTestId('approval-status')).toHaveText('Answered')
  await expect(card.getByTestId('approval-decision')).toContainText('Answered')
  await expect(card.getByTestId('approval-approve')).toHaveCount(0)
  await expect(card.getByTestId('approval-deny')).toHaveCount(0)
  await expect(card.getByText('Add a reason')).toHaveCount(0)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(timeline.getByText('Question answered')).toBeVisible()
  await expect(page.getByTestId('run-output').getByRole('heading', { name: 'Output', exact: true })).toBeVisible()
  await snap(page, testInfo, '02-question-answered')

  // Defect 13: one date format on every page; the navigation marks the page shown.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('run-view').locator('header time').first()).toHaveText(DATE_TIME)
  await page.goto('/workflows')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' })).not.toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('row', { name: /E2E question/ }).locator('time')).toHaveText(DATE_TIME)
  await page.goto('/runs')
  await expect(page.locator('time').first()).toHaveText(DATE_TIME)
})

test('a tool call awaiting consent: the agent waits, the badge asks for approval, cancelling the run reads Cancelled', async ({ page }, testInfo) => {
  const graph = straightGraph({
    id: 'agent-1',
    kind: 'agent',
    data: { name: 'Researcher', model: { provider: 'demo' }, mcpServerIds: ['research-assistant'], toolApprovalMode: 'always_require' },
  })
  const runId = await startRun(page.request, 'E2E tool consent', graph, '/call research-assistant_summarize_topic {"topic":"tidal energy"}')
  await page.goto(`/runs/${runId}`)

  // Defect 7: the agent waits for the person (not "Done"); the badge says an approval is awaited; the card names the agent.
  await expect(page.getByTestId('run-node-agent-1')).toHaveAttribute('data-status', 'waiting')
  await expect(page.getByTestId('run-status')).toHaveText('Waiting for approval')
  const card = page.getByTestId('approval-card')
  await expect(card.getByTestId('approval-source')).toHaveText('from Researcher')
  // Defect 11: the agent's request reads in words.
  const timeline = page.getByTestId('run-timeline')
  await expect(timeline.getByText('Researcher asks to call research-assistant_summarize_topic').first()).toBeVisible()
  await expect(timeline).not.toContainText('tool_approval_request')
  await snap(page, testInfo, '01-tool-call-waiting')

  // Defect 7: the inbox, which has no graph at hand, names the agent too (the run stored its title with the request).
  await page.goto('/approvals')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page')
  const inboxCard = page.getByTestId('approval-card').filter({ hasText: 'research-assistant_summarize_topic' })
  await expect(inboxCard.getByTestId('approval-source')).toHaveText('from Researcher')
  await expect(inboxCard.getByRole('heading', { name: 'Researcher wants to call research-assistant_summarize_topic' })).toBeVisible()
  await page.goto(`/runs/${runId}`)

  // Defect 7: a request closed by cancelling its run reads "Cancelled", not "Expired"; defect 13: no buttons are left, and the output is "Output".
  await page.getByTestId('run-cancel').click()
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'cancelled')
  await expect(card.getByTestId('approval-status')).toHaveText('Cancelled')
  await expect(card.getByTestId('approval-approve')).toHaveCount(0)
  await expect(timeline.getByText('Tool call cancelled')).toBeVisible()
  await expect(page.getByTestId('run-output').getByRole('heading', { name: 'Output', exact: true })).toBeVisible()
  await snap(page, testInfo, '02-run-cancelled')
})
