/**
 * Editing one workflow together, live (issue #30, "Edit together, live"), as people do it: two people with the
 * workflow open in two browsers see each other's avatar, pointer and selection (nodes and edges) and every change
 * (a node added, moved, renamed); a new workflow goes live with its first save, without a reload; one goes offline, keeps editing and comes back, and both end with the same graph, which saves,
 * validates and runs; Ctrl+Z takes back only one's own edit; a runner of the team's workspace follows read-only.
 *
 * The people: the worker's admin (Wendy, this worker's signed-in person) makes a team workspace and the workflow
 * in it; the installation's first admin (Ada) edits with her; a member made a runner of the workspace through
 * the API follows.
 */
import { request, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { ADMIN, adminStatePath, serverUrl } from './fixtures/accounts'
import { expect, test } from './fixtures/test'

interface GraphDocument {
  schemaVersion: 1
  nodes: Array<{ id: string; kind: string; position: { x: number; y: number }; data: Record<string, unknown> }>
  edges: Array<{ id: string; source: string; target: string }>
}

const teamGraph = (): GraphDocument => ({
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
})

const canvasNode = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`)
const canvasEdge = (page: Page, id: string) => page.locator(`.react-flow__edge[data-id="${id}"]`)

/** A node's position on the canvas (flow coordinates), as React Flow places it. */
async function positionOf(node: Locator): Promise<{ x: number; y: number }> {
  const transform = await node.evaluate((element) => (element as HTMLElement).style.transform)
  const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform)
  if (!match) throw new Error(`no position in "${transform}"`)
  return { x: Number(match[1]), y: Number(match[2]) }
}

async function openLive(page: Page, workflowId: string, status: 'connected' | 'read-only' = 'connected') {
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('canvas')).toBeVisible()
  await expect(canvasNode(page, 'writer')).toBeVisible()
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', status)
}

/** Drags a node by `dx, dy` screen pixels, as a person does. */
async function dragBy(page: Page, node: Locator, dx: number, dy: number) {
  const box = await node.boundingBox()
  if (!box) throw new Error('node not on screen')
  const x = box.x + box.width / 2
  const y = box.y + 12
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 })
  await page.mouse.move(x + dx, y + dy, { steps: 4 })
  await page.mouse.up()
}

async function rename(page: Page, nodeId: string, name: string) {
  await canvasNode(page, nodeId).click()
  const field = page.getByTestId('inspector').getByTestId('inspector-name')
  await field.fill(name)
  await field.blur()
}

/** What both people should agree on: every node's id, name and position, read from the canvas. */
async function canvasGraph(page: Page) {
  const nodes = page.locator('.react-flow__node')
  const ids = (await nodes.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-id') ?? ''))).sort()
  const result: Array<{ id: string; text: string; position: { x: number; y: number } }> = []
  for (const id of ids) {
    const node = canvasNode(page, id)
    // To a tenth of a pixel, as the document keeps positions (the mover's own canvas has the drag's long fractions).
    const { x, y } = await positionOf(node)
    result.push({ id, text: (await node.innerText()).trim(), position: { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 } })
  }
  return result
}

/**
 * Waits until both canvases show the same graph, both read afresh each time: a node another person adds is drawn
 * over more than one frame (seen: its text read before its header was drawn), so a graph read once from one side
 * can be a moment the other never shows.
 */
async function expectSameCanvas(one: Page, other: Page) {
  await expect
    .poll(async () => {
      const [mine, theirs] = [await canvasGraph(one), await canvasGraph(other)]
      return JSON.stringify(mine) === JSON.stringify(theirs) ? 'same' : { mine, theirs }
    })
    .toBe('same')
}

async function adaContext(browser: Browser, server: number): Promise<BrowserContext> {
  return browser.newContext({ storageState: adminStatePath(server), baseURL: serverUrl(server) })
}

/** A team workspace of the signed-in person, with the workflow in it. */
async function teamWorkflow(page: Page, name: string): Promise<{ workspaceId: string; workflowId: string }> {
  const workspace = await page.request.post('/api/workspaces', { data: { name: `${name} team` } })
  expect(workspace.status()).toBe(201)
  const workspaceId = ((await workspace.json()) as { workspace: { id: string } }).workspace.id
  const created = await page.request.post('/api/workflows', { data: { name, graph: teamGraph(), workspaceId } })
  expect(created.status()).toBe(201)
  return { workspaceId, workflowId: ((await created.json()) as { workflow: { id: string } }).workflow.id }
}

test('two people edit one workflow at once: presence, every change, offline and back, per-person undo; the graph saves and runs', async ({
  page,
  browser,
  server,
}) => {
  const { workflowId } = await teamWorkflow(page, 'Edited together')
  const ada = await (await adaContext(browser, server)).newPage()
  const wendy = page
  await openLive(wendy, workflowId)
  await openLive(ada, workflowId)

  // Each sees the other: an avatar in the toolbar, and a named pointer that follows the other's mouse.
  await expect(wendy.getByTestId('live-avatar').and(wendy.locator(`[data-name="${ADMIN.name}"]`))).toBeVisible()
  await expect(ada.getByTestId('live-avatar')).toHaveCount(1)
  const adaCanvas = await ada.getByTestId('canvas').boundingBox()
  if (!adaCanvas) throw new Error('canvas not on screen')
  await ada.mouse.move(adaCanvas.x + 200, adaCanvas.y + 300)
  await ada.mouse.move(adaCanvas.x + 220, adaCanvas.y + 320, { steps: 3 })
  await expect(wendy.getByTestId('live-cursor').and(wendy.locator(`[data-name="${ADMIN.name}"]`))).toBeVisible()
  // What Ada selects is outlined in her colour on Wendy's canvas.
  await canvasNode(ada, 'output').click()
  await expect(wendy.locator('[data-testid="live-selection"][data-node-id="output"]')).toBeVisible()
  // So is the edge she selects, and no longer the node she left.
  await canvasEdge(ada, 'start->writer').click()
  await expect(canvasEdge(wendy, 'start->writer')).toHaveAttribute('data-live-selected-by', ADMIN.name)
  await expect(canvasEdge(wendy, 'start->writer')).toHaveClass(/\blive-selected\b/)
  await expect(wendy.locator('[data-testid="live-selection"][data-node-id="output"]')).toHaveCount(0)
  await expect(canvasEdge(wendy, 'writer->output')).not.toHaveAttribute('data-live-selected-by')

  // A node added by one appears for the other, with an id no one else could have made at the same moment.
  await wendy.getByTestId('palette-transform').click()
  const added = wendy.locator('.react-flow__node[data-id^="transform-1-"]')
  await expect(added).toHaveCount(1)
  const addedId = (await added.getAttribute('data-id'))!
  await expect(canvasNode(ada, addedId)).toBeVisible()
  await wendy.keyboard.press('Delete')
  await expect(canvasNode(ada, addedId)).toHaveCount(0)

  // Moved by one, moved for the other; renamed by the other, renamed for the first.
  const before = await positionOf(canvasNode(ada, 'output'))
  await dragBy(wendy, canvasNode(wendy, 'output'), 80, 120)
  await expect.poll(async () => (await positionOf(canvasNode(ada, 'output'))).y).toBeGreaterThan(before.y + 40)
  await rename(ada, 'writer', 'Co-writer')
  await expect(canvasNode(wendy, 'writer')).toContainText('Co-writer')

  // Ctrl+Z takes back one's own edit only: Wendy undoes her move, Ada's rename stays.
  await wendy.getByTestId('canvas').click({ position: { x: 20, y: 20 } })
  await wendy.keyboard.press('Control+z')
  await expect.poll(async () => (await positionOf(canvasNode(ada, 'output'))).y).toBe(before.y)
  await expect(canvasNode(ada, 'writer')).toContainText('Co-writer')
  await expect(canvasNode(wendy, 'writer')).toContainText('Co-writer')

  // Wendy goes offline and keeps editing; Ada edits too; back online, both have everything.
  await wendy.context().setOffline(true)
  await expect(wendy.getByTestId('live-status-banner')).toHaveText('Offline — your changes will merge when you reconnect.')
  await rename(wendy, 'writer', 'Offline writer')
  const startBefore = await positionOf(canvasNode(ada, 'start'))
  await dragBy(ada, canvasNode(ada, 'start'), 0, 160)
  await expect.poll(async () => (await positionOf(canvasNode(ada, 'start'))).y).toBeGreaterThan(startBefore.y + 40)
  await expect(canvasNode(ada, 'writer')).toContainText('Co-writer')
  await wendy.context().setOffline(false)
  await expect(wendy.getByTestId('live-status-banner')).toHaveCount(0)
  await expect(canvasNode(ada, 'writer')).toContainText('Offline writer')
  await expect.poll(async () => (await positionOf(canvasNode(wendy, 'start'))).y).toBeGreaterThan(startBefore.y + 40)
  await expectSameCanvas(wendy, ada)

  // Ada saves the shared document as a version; it validates, Wendy's canvas counts it as saved too, and it runs.
  await expect(ada.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true')
  await ada.getByTestId('save-version').click()
  await expect(ada.getByTestId('save-status')).toContainText('Saved as v2')
  await expect(ada.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'false')
  await expect(wendy.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'false')
  const saved = (await (await wendy.request.get(`/api/workflows/${workflowId}`)).json()) as { latestVersion: { version: number; graph: GraphDocument } }
  expect(saved.latestVersion.version).toBe(2)
  expect(saved.latestVersion.graph.nodes.find((node) => node.id === 'writer')?.data).toMatchObject({ name: 'Offline writer' })
  const started = await wendy.request.post('/api/runs', { data: { workflowId, version: 2, input: 'a haiku' } })
  expect(started.ok()).toBe(true)
  const runId = ((await started.json()) as { run: { id: string } }).run.id
  await expect
    .poll(async () => ((await (await wendy.request.get(`/api/runs/${runId}`)).json()) as { run: { status: string } }).run.status, { timeout: 120_000 })
    .toBe('succeeded')

  await ada.context().close()
})

test('a runner of the team’s workspace follows the workflow live, read-only', async ({ page, browser, server }) => {
  const { workspaceId, workflowId } = await teamWorkflow(page, 'Followed live')
  // A member of the installation, made a runner of the workspace.
  const email = `runner-${Date.now()}@example.test`
  const ada = await request.newContext({ baseURL: serverUrl(server), storageState: adminStatePath(server) })
  const invited = await ada.post('/api/admin/invitations', { data: { email, role: 'member' } })
  expect(invited.status()).toBe(201)
  const token = new URL(((await invited.json()) as { link: string }).link).searchParams.get('token')
  const runnerApi = await request.newContext({ baseURL: serverUrl(server) })
  expect((await runnerApi.post(`/api/invitations/${token}`, { data: { name: 'Rita Runner', password: 'rita-e2e-password' } })).status()).toBe(201)
  const added = await page.request.post(`/api/workspaces/${workspaceId}/members`, { data: { email, role: 'runner', approver: false } })
  expect(added.status()).toBe(201)
  const runnerContext = await browser.newContext({ storageState: await runnerApi.storageState(), baseURL: serverUrl(server) })
  const runner = await runnerContext.newPage()

  await openLive(page, workflowId)
  await openLive(runner, workflowId, 'read-only')
  // One line says what the role allows; the toolbar says the canvas follows live.
  await expect(runner.getByTestId('editor-read-only')).toContainText('You can run this workflow but not change it (runner')
  await expect(runner.getByTestId('live-status-banner')).toHaveCount(0)
  await expect(runner.getByTestId('live-indicator')).toHaveText(/Following live/)
  await expect(page.getByTestId('live-avatar').and(page.locator('[data-name="Rita Runner"]'))).toBeVisible()

  // Nothing to change with: no palette, no save, inspector fields disabled; a drag moves nothing, Delete deletes nothing.
  await expect(runner.getByTestId('palette')).toHaveCount(0)
  await expect(runner.getByTestId('save-version')).toHaveCount(0)
  await canvasNode(runner, 'writer').click()
  await expect(runner.getByTestId('inspector').getByTestId('inspector-name')).toBeDisabled()
  const before = await positionOf(canvasNode(runner, 'output'))
  await dragBy(runner, canvasNode(runner, 'output'), 60, 60)
  await runner.keyboard.press('Delete')
  expect(await positionOf(canvasNode(runner, 'output'))).toEqual(before)
  await expect(canvasNode(runner, 'writer')).toBeVisible()
  await expect(canvasNode(page, 'output')).toBeVisible()

  // The editor's changes reach the runner as they are made.
  await rename(page, 'writer', 'Watched writer')
  await expect(canvasNode(runner, 'writer')).toContainText('Watched writer')

  await runnerContext.close()
  await runnerApi.dispose()
  await ada.dispose()
})

test('a new workflow goes live with its first save: no reload, the other sees it as saved and both see each other’s edits', async ({
  page,
  browser,
  server,
}) => {
  const wendy = page
  const workspace = await wendy.request.post('/api/workspaces', { data: { name: 'Drafted together team' } })
  expect(workspace.status()).toBe(201)
  const workspaceId = ((await workspace.json()) as { workspace: { id: string } }).workspace.id
  const joined = await wendy.request.post(`/api/workspaces/${workspaceId}/members`, { data: { email: ADMIN.email, role: 'editor', approver: false } })
  expect(joined.status()).toBe(201)

  // Wendy draws a new workflow in the team's workspace (a draft: nothing on the server yet) and saves it.
  await wendy.goto(`/workflows?workspace=${workspaceId}`)
  await expect(wendy.getByTestId('current-workspace-name')).toHaveText('Drafted together team')
  await wendy.getByTestId('new-workflow').click()
  await expect(wendy).toHaveURL(/\/workflows\/new$/)
  await expect(wendy.getByTestId('editor-workspace')).toHaveText('Drafted together team')
  await expect(canvasNode(wendy, 'start')).toBeVisible()
  await expect(wendy.getByTestId('live-indicator')).toHaveCount(0)
  const startBefore = await positionOf(canvasNode(wendy, 'start'))
  await dragBy(wendy, canvasNode(wendy, 'start'), 0, 140)
  await expect.poll(async () => (await positionOf(canvasNode(wendy, 'start'))).y).toBeGreaterThan(startBefore.y + 40)
  // A mark on the page that a reload would wipe.
  await wendy.evaluate(() => Object.assign(window, { __sameEditor: true }))
  await wendy.getByTestId('save-version').click()
  await expect(wendy.getByTestId('save-status')).toContainText('Saved as v1')
  await expect(wendy).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/)
  const workflowId = wendy.url().split('/').at(-1)!
  await expect(wendy.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected')

  // Ada opens it from the team's list.
  const ada = await (await adaContext(browser, server)).newPage()
  await ada.goto(`/workflows?workspace=${workspaceId}`)
  const name = await wendy.getByTestId('workflow-name').inputValue()
  await ada.getByTestId(`workflow-row-${workflowId}`).getByRole('link', { name }).click()
  await expect(ada).toHaveURL(new RegExp(`/workflows/${workflowId}$`))
  await expect(ada.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected')
  await expect(ada.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'false')

  // Each sees the other, and the graph Wendy saved, once.
  await expect(wendy.getByTestId('live-avatar').and(wendy.locator(`[data-name="${ADMIN.name}"]`))).toBeVisible()
  await expect(ada.getByTestId('live-avatar')).toHaveCount(1)
  await expectSameCanvas(ada, wendy)
  await expect(ada.locator('.react-flow__node')).toHaveCount(2)

  // Ada's change reaches Wendy, Wendy's reaches Ada; still the page Wendy drew it on.
  const outputBefore = await positionOf(canvasNode(wendy, 'output'))
  await dragBy(ada, canvasNode(ada, 'output'), 0, 160)
  await expect.poll(async () => (await positionOf(canvasNode(wendy, 'output'))).y).toBeGreaterThan(outputBefore.y + 40)
  await wendy.getByTestId('palette-agent').click()
  const added = wendy.locator('.react-flow__node[data-id^="agent-1-"]')
  await expect(added).toHaveCount(1)
  await expect(canvasNode(ada, (await added.getAttribute('data-id'))!)).toBeVisible()
  await expectSameCanvas(wendy, ada)
  await expect(wendy.locator('.react-flow__node')).toHaveCount(3)
  expect(await wendy.evaluate(() => (window as { __sameEditor?: boolean }).__sameEditor)).toBe(true)

  await ada.context().close()
})
