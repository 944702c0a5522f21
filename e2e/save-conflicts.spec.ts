/**
 * Two people editing the same workflow (issue #27) where live editing cannot reach them (issue #30: with it, they
 * edit one shared document and nothing conflicts; e2e/co-editing.spec.ts): a save from a version someone else has
 * saved over is refused, and the editor asks what to do — see the difference, keep yours as the newest version, or
 * reload theirs. Two pages of one browser context stand for the two editors, each refused the live connection (as a
 * proxy without WebSockets would); the workflow is made through the API.
 */
import { expect, test, type Page } from './fixtures/test'

const writerGraph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 80 }, data: {} },
    { id: 'writer', kind: 'agent', position: { x: 320, y: 40 }, data: { name: 'Writer', instructions: 'Write it.', model: { provider: 'demo' } } },
    { id: 'output', kind: 'output', position: { x: 680, y: 80 }, data: {} },
  ],
  edges: [
    { id: 'start->writer', source: 'start', target: 'writer' },
    { id: 'writer->output', source: 'writer', target: 'output' },
  ],
}

async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/workflows/${id}`)
  await expect(page.getByTestId('canvas')).toBeVisible()
  await expect(page.locator('.react-flow__node[data-id="writer"]')).toBeVisible()
}

/** Types new instructions into the writer agent. */
async function setInstructions(page: Page, text: string): Promise<void> {
  await page.locator('.react-flow__node[data-id="writer"]').click()
  await page.getByTestId('inspector').getByTestId('inspector-instructions').fill(text)
}

async function instructionsOf(page: Page, id: string, version: number): Promise<string> {
  const response = await page.request.get(`/api/workflows/${id}/versions/${version}`)
  const { version: saved } = (await response.json()) as { version: { graph: typeof writerGraph } }
  return String(saved.graph.nodes.find((node) => node.id === 'writer')!.data.instructions)
}

test('a save over a newer version asks first: see the difference, keep mine as the newest, or reload theirs', async ({ page, context }) => {
  const created = await page.request.post('/api/workflows', { data: { name: 'Edited by two', graph: writerGraph } })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as { workflow: { id: string } }).workflow.id

  // No live connection for either: each edits alone, and saves are versioned saves with the 409 rule.
  await context.routeWebSocket(/\/api\/collab\//, (socket) => socket.close())
  const theirs = page
  const mine = await context.newPage()
  await openEditor(theirs, id)
  await openEditor(mine, id)
  await expect(mine.getByTestId('version-label')).toHaveText('v1')

  // They save first. Each editor is a tab of one window, as for a person, who brings a tab to the front to use it
  // (Chromium draws a background tab once a second, and each of Playwright's actions waits for frames: 2 s a click).
  await theirs.bringToFront()
  await setInstructions(theirs, 'Write it in French.')
  await theirs.getByTestId('save-version').click()
  await expect(theirs.getByTestId('version-label')).toHaveText('v2')

  // My save, from v1, is refused: the dialog says whose version is newer.
  await mine.bringToFront()
  await setInstructions(mine, 'Write it in German.')
  await mine.getByTestId('save-version').click()
  const dialog = mine.getByRole('dialog', { name: 'Someone saved a newer version' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Version 2 was saved')
  await expect(mine.getByTestId('version-label')).toHaveText('v1')

  // The difference: the writer's instructions, theirs against mine.
  await dialog.getByTestId('conflict-show-diff').click()
  const changed = dialog.locator('[data-testid="diff-row"][data-change="changed"]')
  await expect(changed).toHaveCount(1)
  await expect(changed).toContainText('data.instructions')
  await expect(changed).toContainText('Write it in French.')
  await expect(changed).toContainText('Write it in German.')

  // Keep mine: saved as v3 on top of theirs; theirs stays v2.
  await dialog.getByTestId('conflict-keep-mine').click()
  await expect(dialog).toBeHidden()
  await expect(mine.getByTestId('version-label')).toHaveText('v3')
  expect(await instructionsOf(mine, id, 2)).toBe('Write it in French.')
  expect(await instructionsOf(mine, id, 3)).toBe('Write it in German.')

  // Now they, still at v2, save again: refused; they reload mine after confirming, and their edit is gone.
  await theirs.bringToFront()
  await setInstructions(theirs, 'Write it in Spanish.')
  await theirs.getByTestId('save-version').click()
  const theirDialog = theirs.getByRole('dialog', { name: 'Someone saved a newer version' })
  await expect(theirDialog).toContainText('Version 3 was saved')
  await theirDialog.getByTestId('conflict-reload').click()
  await expect(theirDialog.getByTestId('conflict-reload-question')).toBeVisible()
  await theirDialog.getByTestId('conflict-reload-confirm').click()
  await expect(theirDialog).toBeHidden()
  await expect(theirs.getByTestId('version-label')).toHaveText('v3')
  await theirs.locator('.react-flow__node[data-id="writer"]').click()
  await expect(theirs.getByTestId('inspector').getByTestId('inspector-instructions')).toHaveValue('Write it in German.')
  // Nothing of theirs was saved; their next save builds on v3.
  expect((await (await theirs.request.get(`/api/workflows/${id}/versions`)).json()).versions).toHaveLength(3)
  await setInstructions(theirs, 'Write it in German, briefly.')
  await theirs.getByTestId('save-version').click()
  await expect(theirs.getByTestId('version-label')).toHaveText('v4')
})
