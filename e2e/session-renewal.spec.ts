/**
 * A session that ends while someone edits (30 minutes unused, or 12 hours in all: lib/server/auth/session-lifetime.ts)
 * costs them nothing: saving asks for their password in place, then saves what they typed. The session's end is
 * the cookie going away, as the browser drops it when the server says the session is over.
 */
import { WORKER } from './fixtures/accounts'
import { straightGraph } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

const writer = { id: 'writer', kind: 'agent', data: { name: 'Writer', instructions: 'Write it.', model: { provider: 'demo' } } }

test('an ended session signs in again in place and keeps the unsaved edit', async ({ page, context }) => {
  const created = await page.request.post('/api/workflows', { data: { name: 'Edited past the session', graph: straightGraph(writer) } })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as { workflow: { id: string } }).workflow.id

  await page.goto(`/workflows/${id}`)
  await page.locator('.react-flow__node[data-id="writer"]').click()
  const instructions = page.getByTestId('inspector').getByTestId('inspector-instructions')
  await instructions.fill('Write it for a tired reader.')

  await context.clearCookies()
  await page.getByTestId('save-version').click()

  const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('E-mail')).toHaveValue(WORKER.email)
  // A wrong password says so and keeps the dialog; the right one carries on with the save.
  await dialog.getByTestId('session-renewal-password').fill('not-my-password')
  await dialog.getByTestId('session-renewal-submit').click()
  await expect(dialog.getByTestId('form-error')).toBeVisible()
  await dialog.getByTestId('session-renewal-password').fill(WORKER.password)
  await dialog.getByTestId('session-renewal-submit').click()

  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('version-label')).toHaveText('v2')
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}$`))
  await expect(instructions).toHaveValue('Write it for a tired reader.')
  const saved = await page.request.get(`/api/workflows/${id}/versions/2`)
  const { version } = (await saved.json()) as { version: { graph: { nodes: Array<{ id: string; data: { instructions?: string } }> } } }
  expect(version.graph.nodes.find((node) => node.id === 'writer')?.data.instructions).toBe('Write it for a tired reader.')
})
