/**
 * A start node that declares its input: two fields added in the inspector (a third moved and
 * removed) and saved, then the Run dialog shows a form built from them; a missing required field is
 * refused under the field, in words, and a good run shows its output (a transform reading `input.topic`).
 */
import { expect, test } from './fixtures/test'
import { straightGraph } from './fixtures/graphs'
import { snap } from './fixtures/page'

test('declare input fields on the start node and run the workflow from the form', async ({ page }, testInfo) => {
  const graph = straightGraph({ id: 'about', kind: 'transform', data: { label: 'About', expression: '"About " + input.topic' } })
  const created = await page.request.post('/api/workflows', { data: { name: 'E2E declared input', graph } })
  expect(created.ok()).toBe(true)
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id

  await page.goto(`/workflows/${workflowId}`)
  const start = page.locator('.react-flow__node[data-id="start"]')
  await start.click()
  const inspector = page.getByTestId('inspector')
  await inspector.getByTestId('inspector-inputFields-add').click()
  await inspector.getByTestId('inspector-inputFields-0-name').fill('topic')
  await inspector.getByTestId('inspector-inputFields-add').click()
  await inspector.getByTestId('inspector-inputFields-1-name').fill('words')
  await inspector.getByTestId('inspector-inputFields-1-type').selectOption('integer')
  // A third field, moved up between the two and removed again: the order and the list follow.
  await inspector.getByTestId('inspector-inputFields-add').click()
  await inspector.getByTestId('inspector-inputFields-2-name').fill('extra')
  await inspector.getByRole('button', { name: 'Move field 3 up' }).click()
  await expect(inspector.getByTestId('inspector-inputFields-1-name')).toHaveValue('extra')
  await expect(inspector.getByTestId('inspector-inputFields-2-name')).toHaveValue('words')
  await inspector.getByRole('button', { name: 'Remove field 2' }).click()
  await expect(inspector.getByTestId('inspector-inputFields-2-name')).toHaveCount(0)
  await expect(inspector.getByTestId('inspector-inputFields-1-type')).toHaveValue('integer')
  await inspector.getByLabel('Field 1 description').fill('What to write about')
  await expect(start).toContainText('Input: topic, words')
  await snap(page, testInfo, '01-input-fields')

  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-label')).toHaveText('v2')

  // The Run dialog is a form of the two fields, each marked required; no text box.
  await page.getByTestId('run-workflow').click()
  const form = page.getByTestId('run-input-form')
  await expect(form).toBeVisible()
  await expect(page.getByTestId('run-input')).toHaveCount(0)
  await expect(form.getByText('topic *')).toBeVisible()
  await expect(form.getByText('words *')).toBeVisible()
  await expect(form.getByText('What to write about')).toBeVisible()

  // A missing required field is refused under that field, and nothing starts.
  await page.getByTestId('run-input-words').fill('40')
  await page.getByTestId('run-submit').click()
  const topicField = page.getByTestId('run-input-topic').locator('xpath=..')
  await expect(topicField).toContainText('"topic" is required.')
  await expect(page.getByTestId('run-input-words').locator('xpath=..')).not.toContainText('required.')
  await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}$`))
  await snap(page, testInfo, '02-missing-field')

  // With every field filled, the run starts and shows its output.
  await page.getByTestId('run-input-topic').fill('tidal energy')
  await page.getByTestId('run-submit').click()
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+$/)
  await expect(page.getByTestId('run-status')).toContainText(/succeeded/i)
  await expect(page.getByTestId('run-output')).toContainText('About tidal energy')
  await snap(page, testInfo, '03-run-output')
})
