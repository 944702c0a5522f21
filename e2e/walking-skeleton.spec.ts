/**
 * The walking skeleton as a new user meets it: draw a workflow (start → agent → output) on the
 * canvas, give the agent the example MCP server, save a version, run it, approve the server's
 * sampling request in the browser, see the output, share the run read-only, revoke the link.
 */
import { expect, test, type Locator, type Page } from './fixtures/test'
import { snap, clickCentre } from './fixtures/page'

const TOOL_CALL = '/call research-assistant_summarize_topic {"topic":"tidal energy"}'

/** Clicks the middle of an element (an SVG edge is a thin line; its box is what a person aims at). */

/** Drags from one node's source handle to another node's target handle, as a person does. */
async function connect(page: Page, from: Locator, to: Locator) {
  const source = from.locator('.react-flow__handle.source').first()
  const target = to.locator('.react-flow__handle.target').first()
  const a = await source.boundingBox()
  const b = await target.boundingBox()
  if (!a || !b) throw new Error('handle not visible')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
}

test('design a workflow, run it, approve MCP sampling in the browser, share the run', async ({ page, browser, baseURL }, testInfo) => {
  // 1. Create a workflow.
  await page.goto('/workflows')
  await page.getByTestId('new-workflow').click()
  // A draft: the workflow is created when first saved or named.
  await expect(page).toHaveURL(/\/workflows\/new$/)
  const canvas = page.getByTestId('canvas')
  await expect(canvas).toBeVisible()
  const nodes = page.locator('.react-flow__node')
  await expect(nodes).toHaveCount(2)

  // The starter connects start → output; the agent goes in between.
  await clickCentre(page, page.locator('.react-flow__edge-interaction').first())
  await page.keyboard.press('Delete')
  await expect(page.locator('.react-flow__edge')).toHaveCount(0)

  // 2. Drag an agent node from the palette onto the canvas.
  await page.getByTestId('palette-agent').dragTo(canvas, { targetPosition: { x: 330, y: 120 } })
  await expect(nodes).toHaveCount(3)
  const start = page.locator('.react-flow__node[data-id="start"]')
  const output = page.locator('.react-flow__node[data-id="output"]')
  const agent = page.locator('.react-flow__node').filter({ has: page.locator('[data-kind="agent"]') })
  await expect(agent).toHaveCount(1)

  // 3. Connect start → agent → output.
  await connect(page, start, agent)
  await connect(page, agent, output)
  await expect(page.locator('.react-flow__edge')).toHaveCount(2)

  // 4. Configure the agent in the inspector: instructions and the example MCP server.
  await agent.click()
  await expect(page.getByTestId('inspector')).toBeVisible()
  await page.getByTestId('inspector-instructions').fill('Use the research assistant to summarise topics.')
  await page.getByTestId('inspector-mcpServerIds-research-assistant').check()
  await snap(page, testInfo, '01-editor')

  // 5. Save: the draft's first save creates the workflow, as its version 1.
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-label')).toHaveText('v1')
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]+$/)

  // 6. Run it.
  await page.getByTestId('run-workflow').click()
  await page.getByTestId('run-input').fill(TOOL_CALL)
  await page.getByTestId('run-submit').click()
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+$/)
  const runUrl = page.url()

  // 7. The MCP server asks for sampling: the run pauses and shows the request.
  const card = page.getByTestId('approval-card')
  await expect(card).toBeVisible()
  await expect(card).toContainText('research-assistant')
  await expect(card).toContainText('tidal energy')
  await expect(page.getByTestId('run-status')).toContainText(/waiting/i)
  await snap(page, testInfo, '02-sampling-approval')
  await page.getByTestId('approval-max-tokens').fill('120')
  await page.getByTestId('approval-approve').click()

  // 8. The run resumes and finishes with the output.
  await expect(page.getByTestId('run-status')).toContainText(/succeeded/i)
  await expect(page.getByTestId('run-output')).toContainText('Result:')
  await expect(page.getByTestId('run-output')).toContainText('tidal energy')
  await snap(page, testInfo, '03-run-finished')

  // 9. Share it, open the link as a stranger (a fresh browser context), then revoke it.
  await page.getByTestId('share-create').click()
  const shareUrl = (await page.getByTestId('share-url').textContent())?.trim() ?? ''
  expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/)

  // storageState: undefined — a stranger is not signed in (the project's default is the admin's session).
  const stranger = await browser.newContext({ baseURL, storageState: undefined })
  const strangerPage = await stranger.newPage()
  await strangerPage.goto(shareUrl)
  await expect(strangerPage.getByTestId('run-output')).toContainText('Result:')
  await expect(strangerPage.locator('.react-flow__node')).toHaveCount(3)
  await expect(strangerPage.getByTestId('approval-approve')).toHaveCount(0)
  await expect(strangerPage.getByTestId('share-create')).toHaveCount(0)
  await expect(strangerPage.getByTestId('run-cancel')).toHaveCount(0)
  await snap(strangerPage, testInfo, '04-shared-view')

  await page.goto(runUrl)
  await page.getByTestId('share-revoke').first().click()
  await expect(page.getByTestId('share-link').first()).toHaveAttribute('data-state', /revoked/)
  const response = await strangerPage.goto(shareUrl)
  expect(response?.status()).toBe(404)
  await expect(strangerPage.getByTestId('share-invalid')).toBeVisible()
  await snap(strangerPage, testInfo, '05-revoked')
  await stranger.close()
})
