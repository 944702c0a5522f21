/**
 * Publishing a workflow (issue #32) as people use it: the owner publishes a workflow whose start node declares an
 * input field, from its triggers page; a visitor with no account fills in the form on the public link in a fresh
 * browser and sees the workflow's output, again after a reload; the owner finds the run among the workflow's runs, started from a public form.
 */
import { expect, test } from './fixtures/test'

const CITY_GRAPH = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputFields: [{ name: 'city', type: 'string', description: 'Where you are' }] } },
    { id: 'about', kind: 'transform', position: { x: 250, y: 0 }, data: { label: 'About', expression: '"Weather in " + input.city' } },
    { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'start->about', source: 'start', target: 'about' },
    { id: 'about->output', source: 'about', target: 'output' },
  ],
}

test('publish a workflow, fill in its form without an account, and find the run as its owner', async ({ page, browser }) => {
  const name = `Published weather ${Date.now()}`
  const created = await page.request.post('/api/workflows', { data: { name, description: 'Tells the weather.', graph: CITY_GRAPH } })
  expect(created.ok(), await created.text()).toBe(true)
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id

  // The owner publishes it from the workflow's triggers page; the link is shown once.
  await page.goto(`/workflows/${workflowId}/triggers`)
  const panel = page.getByTestId('publish-panel')
  await panel.getByTestId('publish-create').click()
  const url = (await panel.getByTestId('publish-url').textContent())!.trim()
  expect(url).toMatch(/\/form\/[A-Za-z0-9_-]{43}$/)
  await expect(panel.getByTestId('publish-snippet')).toHaveCount(0)
  await expect(panel.getByTestId('publication')).toHaveAttribute('data-state', 'active')

  // A visitor in a fresh browser, never signed in, fills in the form the start node declares and reads the output.
  const visitorContext = await browser.newContext({ storageState: undefined })
  const visitor = await visitorContext.newPage()
  const answer = await visitor.goto(url)
  expect(answer?.status()).toBe(200)
  expect(answer?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(visitor.getByRole('heading', { name })).toBeVisible()
  await expect(visitor.getByTestId('public-form')).toHaveAttribute('data-ready', 'true')
  await visitor.getByTestId('run-input-city').fill('Lyon')
  await visitor.getByTestId('public-form-submit').click()
  await expect(visitor.getByTestId('public-form-output')).toHaveText('Weather in Lyon')
  // This browser keeps the run it sent: a reload shows it again, and the form takes another.
  await visitor.reload()
  await expect(visitor.getByTestId('public-form-output')).toHaveText('Weather in Lyon')
  await expect(visitor.getByTestId('public-form-submit')).toBeEnabled()
  await visitorContext.close()

  // The owner sees the run among the workflow's runs started from a public form.
  await page.goto(`/runs?trigger=published`)
  const row = page.getByTestId('run-row').filter({ hasText: name })
  await expect(row.getByTestId('run-trigger')).toHaveText('published')
})
