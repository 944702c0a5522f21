/**
 * What a new user met (issue #15, defects 2, 3, 8 and 9): a denied sampling request that ended
 * the run "Succeeded" with "Result: Error: Function failed."; an editor that said "No problems"
 * for workflows that can only fail; a run graph that went blank after "Cancel run"; node text
 * too small to read after auto-layout, a minimap over the nodes and a Problems panel over the
 * canvas. Workflows are set up through the API where a person could not build them by hand.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures/test'
import { snap } from './fixtures/page'

type Node = { id: string; kind: string; data: Record<string, unknown> }

function chainGraph(middle: Node[], extraEdges: Array<{ source: string; target: string }> = []) {
  const nodes = [{ id: 'start', kind: 'start', data: {} }, ...middle, { id: 'output', kind: 'output', data: {} }]
  const edges = nodes.slice(1).map((node, i) => ({ id: `${nodes[i]!.id}->${node.id}`, source: nodes[i]!.id, target: node.id }))
  return {
    schemaVersion: 1,
    nodes: nodes.map((node, i) => ({ ...node, position: { x: i * 260, y: 0 } })),
    edges: [...edges, ...extraEdges.map((edge) => ({ id: `${edge.source}->${edge.target}-extra`, ...edge }))],
  }
}

async function createWorkflow(api: APIRequestContext, name: string, graph?: unknown): Promise<string> {
  const created = await api.post('/api/workflows', { data: { name, ...(graph ? { graph } : {}) } })
  expect(created.ok()).toBe(true)
  return ((await created.json()) as { workflow: { id: string } }).workflow.id
}

/** Saves on top of the newest version, as a client that just read the workflow (If-Match with its ETag). */
async function saveVersion(api: APIRequestContext, workflowId: string, graph: unknown) {
  const etag = (await api.get(`/api/workflows/${workflowId}`)).headers()['etag']
  const saved = await api.post(`/api/workflows/${workflowId}/versions`, { data: { graph }, headers: { 'if-match': etag } })
  expect(saved.ok()).toBe(true)
}

async function startRun(api: APIRequestContext, workflowId: string, input: string): Promise<string> {
  const started = await api.post('/api/runs', { data: { workflowId, input } })
  expect(started.ok()).toBe(true)
  return ((await started.json()) as { run: { id: string } }).run.id
}

async function openEditor(page: Page, workflowId: string) {
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('canvas')).toBeVisible()
}

/** Drags from a node's source handle to a node's target handle, as a person does. */
async function connect(page: Page, from: Locator, to: Locator) {
  const a = await from.locator('.react-flow__handle.source').first().boundingBox()
  const b = await to.locator('.react-flow__handle.target').first().boundingBox()
  if (!a || !b) throw new Error('handle not visible')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  // Round the node's far side, so the pointer ends on the target handle from outside.
  await page.mouse.move(a.x + 40, a.y - 80, { steps: 6 })
  await page.mouse.move(b.x - 40, b.y - 80, { steps: 6 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 })
  await page.mouse.up()
}

const problems = (page: Page) => page.getByTestId('problems-panel')

test("denying the README's sampling request: the run says a request was denied, by whom and why, and what the server said", async ({ page }, testInfo) => {
  const workflowId = await createWorkflow(
    page.request,
    'E2E denied sampling',
    chainGraph([{ id: 'agent-1', kind: 'agent', data: { name: 'Researcher', model: { provider: 'demo' }, mcpServerIds: ['research-assistant'] } }]),
  )
  const runId = await startRun(page.request, workflowId, '/call research-assistant_summarize_topic {"topic":"tidal energy"}')
  await page.goto(`/runs/${runId}`)

  const card = page.getByTestId('approval-card')
  await expect(card.getByTestId('approval-deny')).toBeVisible()
  await card.getByText('Add a reason').click()
  await card.getByTestId('approval-deny-reason').fill('Not on the company account.')
  await card.getByTestId('approval-deny').click()

  // The engine finishes (the agent was given the failure as the tool's result), but the status does not read a plain success.
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  const status = page.getByTestId('run-status')
  await expect(status).toHaveText('Succeeded, but 1 request denied, 1 tool call failed')
  await expect(status).toHaveAttribute('data-attention', 'true')

  // Who denied, the reason given and what the server said, in words (no raw JSON).
  const setbacks = page.getByTestId('run-setbacks')
  await expect(setbacks.getByRole('heading')).toHaveText('A request was denied, and a tool call failed')
  const denied = setbacks.getByTestId('run-setback-denied')
  await expect(denied).toContainText(/this sampling request was denied by \S+/)
  // The reason sits in a <q>: its quotation marks are the browser's, not the text's.
  await expect(denied).toContainText('Reason given: Not on the company account.')
  const failed = setbacks.getByTestId('run-setback-tool')
  await expect(failed).toContainText('Researcher called research-assistant_summarize_topic, which failed. The server said:')
  await expect(failed).toContainText('The client declined the sampling request')
  await expect(setbacks).not.toContainText('{')
  await expect(page.getByTestId('run-output-setbacks')).toHaveText('Produced after 1 request denied, 1 tool call failed (see above).')
  await expect(card.getByTestId('approval-decision')).toContainText(/Denied by \S+/)
  await snap(page, testInfo, '01-denied-sampling')

  // A reload reads the same from the stored run.
  await page.reload()
  await expect(page.getByTestId('run-status')).toHaveText('Succeeded, but 1 request denied, 1 tool call failed')
  await expect(page.getByTestId('run-setback-denied')).toContainText('Not on the company account.')
})

test('a Transform wired to itself is a problem before the run, not 99 outputs after it', async ({ page }) => {
  const workflowId = await createWorkflow(
    page.request,
    'E2E self loop',
    chainGraph([{ id: 'shout', kind: 'transform', data: { label: 'Shout', expression: 'input + "!"' } }]),
  )
  await openEditor(page, workflowId)
  await expect(problems(page)).toContainText('No problems')

  const node = page.locator('.react-flow__node[data-id="shout"]')
  await connect(page, node, node)
  await expect(page.locator('.react-flow__edge')).toHaveCount(3)
  const loop = problems(page).locator('[data-code="cycle_without_exit"]')
  await expect(loop).toContainText('Shout feeds itself with no way out')
  await expect(page.getByTestId('problems-errors')).toHaveText('1 error')
  await expect(problems(page)).not.toContainText('No problems')
})

test('a sub-workflow that runs its own workflow, directly or through another, is named by workflow name; the run refuses with the same words', async ({
  page,
}) => {
  const selfish = await createWorkflow(page.request, 'E2E Russian doll')
  await saveVersion(page.request, selfish, chainGraph([{ id: 'sub', kind: 'sub_workflow', data: { label: 'Again', workflowId: selfish } }]))
  await openEditor(page, selfish)
  await expect(problems(page).locator('[data-code="sub_workflow_cycle"]')).toContainText(
    'This sub-workflow runs its own workflow, "E2E Russian doll": it would nest without end.',
  )
  await expect(problems(page)).not.toContainText(selfish)

  // Through another workflow: Ping runs Pong, which runs Ping.
  const ping = await createWorkflow(page.request, 'E2E Ping')
  const pong = await createWorkflow(page.request, 'E2E Pong', chainGraph([{ id: 'sub', kind: 'sub_workflow', data: { workflowId: ping } }]))
  await saveVersion(page.request, ping, chainGraph([{ id: 'sub', kind: 'sub_workflow', data: { workflowId: pong } }]))
  await openEditor(page, ping)
  const message = 'This sub-workflow runs "E2E Pong", which runs this workflow again ("E2E Ping" → "E2E Pong" → "E2E Ping")'
  await expect(problems(page).locator('[data-code="sub_workflow_cycle"]')).toContainText(message)

  await page.getByTestId('run-workflow').click()
  await page.getByTestId('run-submit').click()
  await expect(page.getByRole('dialog', { name: 'Run workflow' })).toContainText(message)
  await expect(page).toHaveURL(new RegExp(`/workflows/${ping}$`))
})

test('an OpenAI agent on a server without a key, and unknown MCP servers and skills, are problems before the run', async ({ page }) => {
  const workflowId = await createWorkflow(
    page.request,
    'E2E missing things',
    chainGraph([
      {
        id: 'agent-1',
        kind: 'agent',
        data: { name: 'Writer', instructions: 'Write.', model: { provider: 'openai' }, mcpServerIds: ['ghost-server'], skillIds: ['ghost-skill'] },
      },
    ]),
  )
  await openEditor(page, workflowId)
  await expect(problems(page).locator('[data-code="model_not_configured"]')).toContainText('Agent "Writer" uses OpenAI, but the server has no OpenAI key')
  await expect(problems(page).locator('[data-code="unknown_mcp_server"]')).toContainText(
    'uses the MCP server "ghost-server", which is not on the MCP servers page',
  )
  await expect(problems(page).locator('[data-code="unknown_skill"]')).toContainText('uses the skill "ghost-skill", which is not on the Skills page')
  await expect(page.getByTestId('problems-errors')).toHaveText('3 errors')

  // Asked to run anyway, the server refuses in the same words, and nothing is queued.
  const refused = await page.request.post('/api/runs', { data: { workflowId, input: 'x' } })
  expect(refused.status()).toBe(400)
  expect(JSON.stringify(await refused.json())).toContain('uses the MCP server \\"ghost-server\\", which is not on the MCP servers page')
})

test("a refused MCP server says each problem once, under its field; a bad resource name is the resource's problem, not SKILL.md's", async ({ page }) => {
  await page.goto('/mcp-servers')
  await page.getByTestId('mcp-add').click()
  await page.getByTestId('mcp-field-name').fill('E2E said once')
  await page.getByTestId('mcp-field-id').fill('Bad Id!')
  await page.getByTestId('mcp-field-transport').selectOption('http')
  await page.getByTestId('mcp-field-url').fill('not a url')
  await page.getByTestId('mcp-save').click()
  const form = page.getByTestId('mcp-server-form')
  await expect(form.getByText('Use 1–63 lowercase letters, digits, "-" and "_", starting with a letter or digit.')).toHaveCount(1)
  await expect(page.getByTestId('mcp-error')).toHaveCount(0)
  await expect(form).not.toContainText('Invalid request body')
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.goto('/skills')
  await page.getByTestId('skill-new').click()
  await page.getByTestId('skill-resource-add').click()
  await page.getByTestId('skill-resource-add').click()
  // The first row stays empty (it is not sent): the error still lands on the row that was typed in.
  await page.getByTestId('skill-resource-name-1').fill('../escape.md')
  await page.getByTestId('skill-resource-content-1').fill('Outside the skill.')
  await page.getByTestId('skill-save').click()
  await expect(page.getByTestId('skill-resource-name-error-1')).toContainText('A resource name is a relative path')
  await expect(page.getByTestId('skill-resource-name-1')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('skill-content')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('skill-error')).toHaveCount(0)
  await expect(page.getByTestId('skill-form-error')).toHaveCount(0)
  await expect(page.getByText(/A resource name is a relative path/)).toHaveCount(1)
})

/** Every node of the run graph is drawn (not hidden while React Flow re-measures) and inside the graph's frame. */
async function expectGraphShown(page: Page, nodeIds: string[]) {
  const graph = page.getByTestId('run-graph')
  await expect(graph.locator('.react-flow__viewport')).not.toHaveAttribute('style', /NaN/)
  for (const id of nodeIds) await expect(page.getByTestId(`run-node-${id}`)).toBeVisible()
  await expect
    .poll(async () => {
      const frame = await graph.boundingBox()
      const boxes = await Promise.all(nodeIds.map((id) => page.getByTestId(`run-node-${id}`).boundingBox()))
      return boxes.every(
        (box) =>
          frame && box && box.x >= frame.x && box.y >= frame.y && box.x + box.width <= frame.x + frame.width && box.y + box.height <= frame.y + frame.height,
      )
    })
    .toBe(true)
}

test('the run graph stays drawn when a run is cancelled, run after run', async ({ page }) => {
  const workflowId = await createWorkflow(
    page.request,
    'E2E cancel and look',
    chainGraph([{ id: 'ask', kind: 'human_input', data: { label: 'Sign-off', prompt: 'Go ahead?' } }]),
  )
  for (let attempt = 1; attempt <= 4; attempt++) {
    const runId = await startRun(page.request, workflowId, `attempt ${attempt}`)
    await page.goto(`/runs/${runId}`)
    // Cancel as soon as the button is there: the cancel's answer, the stream's last events and the graph's first measuring overlap.
    await page.getByTestId('run-cancel').click()
    await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'cancelled')
    await expectGraphShown(page, ['start', 'ask', 'output'])
  }
})

test('after auto-layout four nodes read at a readable size, the minimap covers none, and the Problems panel keeps to its strip', async ({ page }) => {
  const agents = ['one', 'two', 'three', 'four'].map((name) => ({
    id: name,
    kind: 'agent',
    data: { name: `Agent ${name}`, instructions: 'Answer.', model: { provider: 'demo' } },
  }))
  const workflowId = await createWorkflow(page.request, 'E2E readable layout', chainGraph(agents))
  await openEditor(page, workflowId)
  const ids = ['start', 'one', 'two', 'three', 'four', 'output']
  const boxes = () => Promise.all(ids.map((id) => page.locator(`.react-flow__node[data-id="${id}"]`).boundingBox()))

  await page.getByTestId('auto-layout').click()
  const viewport = page.locator('[data-testid="canvas"] .react-flow__viewport')
  const zoom = async () => Number(/scale\(([\d.]+)\)/.exec((await viewport.getAttribute('style')) ?? '')?.[1] ?? 0)
  const titleSize = async () => {
    const px = await page
      .locator('.react-flow__node[data-id="two"] .font-semibold')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
    return px * (await zoom())
  }
  // Every node in view, and its title drawn at 9.5 px or more (it was about 6).
  await expect
    .poll(async () => {
      const canvas = await page.getByTestId('canvas').boundingBox()
      return (await boxes()).every(
        (box) =>
          canvas &&
          box &&
          box.x >= canvas.x &&
          box.x + box.width <= canvas.x + canvas.width &&
          box.y >= canvas.y &&
          box.y + box.height <= canvas.y + canvas.height,
      )
    })
    .toBe(true)
  await expect.poll(titleSize).toBeGreaterThanOrEqual(9.5)

  // A small graph has no minimap until asked for; shown, it covers no node.
  await expect(page.locator('.react-flow__minimap')).toHaveCount(0)
  await page.getByTestId('toggle-minimap').click()
  const minimap = page.locator('.react-flow__minimap')
  await expect(minimap).toBeVisible()
  await expect
    .poll(async () => {
      const map = await minimap.boundingBox()
      return (await boxes()).some(
        (box) => map && box && box.x < map.x + map.width && box.x + box.width > map.x && box.y < map.y + map.height && box.y + box.height > map.y,
      )
    })
    .toBe(false)
  await expect.poll(titleSize).toBeGreaterThanOrEqual(9.5)
})

test('a long Problems list scrolls inside its strip and leaves the canvas its room', async ({ page }) => {
  const loose = Array.from({ length: 14 }, (_, i) => ({ id: `loose-${i}`, kind: 'agent', data: { name: `Loose ${i}` } }))
  const workflowId = await createWorkflow(page.request, 'E2E many problems', chainGraph(loose.slice(0, 1)))
  const graph = chainGraph(loose.slice(0, 1))
  graph.nodes.push(...loose.slice(1).map((node, i) => ({ ...node, position: { x: i * 260, y: 400 } })))
  await saveVersion(page.request, workflowId, graph)
  await openEditor(page, workflowId)
  const panel = problems(page)
  await expect(page.getByTestId('problems-warnings')).toContainText('warnings')
  const list = page.getByTestId('problems-list')
  await expect.poll(() => list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
  const panelBox = await panel.boundingBox()
  const canvasBox = await page.getByTestId('canvas').boundingBox()
  expect(panelBox!.height).toBeLessThanOrEqual(0.25 * 800 + 1)
  // Side by side, not on top of each other: the canvas ends where the panel begins.
  expect(canvasBox!.y + canvasBox!.height).toBeLessThanOrEqual(panelBox!.y + 1)
  expect(canvasBox!.height).toBeGreaterThan(panelBox!.height)
})
