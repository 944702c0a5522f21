/**
 * Leaving a live canvas (components/canvas/use-leave-guard.ts): an edit not yet acknowledged by the server is on its
 * way there, and the server keeps it, so a link waits for it and goes on once it arrived; it asks only when the edit
 * did not arrive in time. Played with the canvas's collab socket in the test's hands (routeWebSocket): the server's
 * answers are passed on late, or not at all.
 */
import type { Page } from '@playwright/test'
import { straightGraph } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

/** Moves the middle node a little: an edit the live document sends to the server. */
async function moveNode(page: Page): Promise<void> {
  const box = (await page.locator('.react-flow__node[data-id="shout"]').boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 5 })
  await page.mouse.up()
}

test('a link from a live canvas waits for the edit on its way to the server, and asks only when it does not arrive', async ({ page }) => {
  /** How the server's messages reach the page: late (the edit is on its way while the link is clicked), or not at all. */
  let serverAnswers: 'late' | 'never' = 'late'
  await page.routeWebSocket(/\/api\/collab\//, (socket) => {
    const server = socket.connectToServer()
    socket.onMessage((message) => server.send(message))
    server.onMessage((message) => {
      if (serverAnswers === 'late') setTimeout(() => socket.send(message), 1_000)
    })
  })
  const graph = straightGraph({ id: 'shout', kind: 'transform', data: { expression: 'input + "!"' } })
  const created = await page.request.post('/api/workflows', { data: { name: 'E2E leaving live', graph } })
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id

  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected')
  await moveNode(page)
  await page.getByTestId('workflow-menu').click()
  await page.getByTestId('open-triggers').click()
  // The move reaches the server a second later; the link then goes on, unasked.
  await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}/triggers$`))
  await expect(page.getByText('Leave without saving?')).toHaveCount(0)

  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected')
  serverAnswers = 'never'
  await moveNode(page)
  await page.getByTestId('workflow-menu').click()
  await page.getByTestId('open-triggers').click()
  // The server never acknowledges the move: after the wait the person is asked, and may stay.
  await expect(page.getByText('Leave without saving?')).toBeVisible()
  await page.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}$`))
})
