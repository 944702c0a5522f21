/**
 * Editing a workflow as people expect (issue #15, "Editing"): copy and paste between two
 * workflows open in two tabs, cut and paste, a JSON export imported back as a new workflow, an
 * invalid file's problems, export as TypeScript (the exporter's program), and a version restored and compared
 * with another.
 * Workflows are made through the API, so each test starts from a graph it knows.
 */
import { readFile } from 'node:fs/promises'
import { exportWorkflowAsTypeScript } from '../lib/graph/export-typescript'
import { openWorkflowEditor } from './fixtures/page'
import { expect, test, type Page } from './fixtures/test'

interface GraphDocument {
  schemaVersion: 1
  nodes: Array<{ id: string; kind: string; position: { x: number; y: number }; data: Record<string, unknown> }>
  edges: Array<{ id: string; source: string; target: string; sourceHandle?: string }>
}

const writerGraph = (): GraphDocument => ({
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

const starterGraph = (): GraphDocument => ({
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'output', kind: 'output', position: { x: 320, y: 0 }, data: {} },
  ],
  edges: [{ id: 'start->output', source: 'start', target: 'output' }],
})

async function createWorkflow(page: Page, name: string, graph: GraphDocument): Promise<string> {
  const response = await page.request.post('/api/workflows', { data: { name, graph } })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { workflow: { id: string } }).workflow.id
}

async function workflowMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('workflow-menu').click()
  await page.getByRole('menuitem', { name: item }).click()
}

const nodes = (page: Page) => page.locator('.react-flow__node')
const edges = (page: Page) => page.locator('.react-flow__edge')

test('nodes copied in one workflow are pasted into another in a second tab, renamed and connected; duplicate and undo work', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const source = await createWorkflow(page, 'Copy source', writerGraph())
  const target = await createWorkflow(page, 'Paste target', starterGraph())

  await openWorkflowEditor(page, source)
  await page.locator('.react-flow__node[data-id="writer"]').click()
  await page.locator('.react-flow__node[data-id="output"]').click({ modifiers: ['Shift'] })
  await page.keyboard.press('ControlOrMeta+c')

  // Another tab: only the system clipboard connects the two.
  const other = await context.newPage()
  await openWorkflowEditor(other, target)
  await expect(nodes(other)).toHaveCount(2)
  await other.getByTestId('canvas').click({ position: { x: 24, y: 24 } })
  await other.keyboard.press('ControlOrMeta+v')
  await expect(nodes(other)).toHaveCount(4)
  await expect(edges(other)).toHaveCount(2)
  // New ids; the edge between the copies came along, the one from the unpasted start did not. (Edited live, a new
  // node's id carries the person's short suffix, `agent-1-k7`: ids.ts.)
  await expect(other.locator('.react-flow__node[data-id^="agent-1"]')).toContainText('Writer')
  await expect(other.locator('.react-flow__node[data-id^="output-1"]')).toBeVisible()
  await expect(other.locator('.react-flow__edge[data-id^="e-agent-1"][data-id*="-output-1"]')).toHaveCount(1)
  // The copies are the selection.
  await expect(other.locator('.react-flow__node.selected')).toHaveCount(2)

  // Duplicate the selection, then undo it in one step.
  await other.keyboard.press('ControlOrMeta+d')
  await expect(nodes(other)).toHaveCount(6)
  await other.keyboard.press('ControlOrMeta+z')
  await expect(nodes(other)).toHaveCount(4)

  await other.getByTestId('save-version').click()
  await expect(other.getByTestId('version-label')).toHaveText('v2')
  await other.reload()
  await expect(nodes(other)).toHaveCount(4)
  await expect(other.locator('.react-flow__node[data-id^="agent-1"]')).toContainText('Writer')

  // Typing in a field keeps the field's own paste: no nodes arrive there.
  await other.locator('.react-flow__node[data-id^="agent-1"]').click()
  await other.getByTestId('inspector').getByRole('textbox').first().click()
  await other.keyboard.press('ControlOrMeta+v')
  await expect(nodes(other)).toHaveCount(4)
})

test('a workflow exported as a JSON file imports back as a new workflow with the same graph', async ({ page }, testInfo) => {
  const id = await createWorkflow(page, 'Round trip', writerGraph())
  await openWorkflowEditor(page, id)

  const download = page.waitForEvent('download')
  await workflowMenu(page, 'Export JSON file')
  const file = await download
  expect(file.suggestedFilename()).toBe('round-trip.json')
  const path = testInfo.outputPath('round-trip.json')
  await file.saveAs(path)
  const exported = JSON.parse(await readFile(path, 'utf8')) as { agentloom: string; name: string; document: GraphDocument }
  expect(exported).toMatchObject({ agentloom: 'workflow', name: 'Round trip', document: { schemaVersion: 1 } })

  await workflowMenu(page, 'Import JSON…')
  const dialog = page.getByRole('dialog', { name: 'Import a workflow' })
  await dialog.getByTestId('import-file').setInputFiles(path)
  await dialog.getByTestId('import-submit').click()
  await expect(dialog.getByTestId('import-done')).toHaveText('Imported as “Round trip”.')
  await dialog.getByTestId('import-open').click()
  await expect(page).not.toHaveURL(new RegExp(`/workflows/${id}$`))
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]+$/)
  await expect(page.getByTestId('workflow-name')).toHaveValue('Round trip')
  await expect(nodes(page)).toHaveCount(3)
  await expect(page.locator('.react-flow__node[data-id="writer"]')).toContainText('Writer')
  await expect(edges(page)).toHaveCount(2)
})

test('an invalid file shows where each problem is and imports nothing', async ({ page }) => {
  const id = await createWorkflow(page, 'Import host', starterGraph())
  const before = ((await (await page.request.get('/api/workflows')).json()) as { workflows: unknown[] }).workflows.length
  await openWorkflowEditor(page, id)

  const broken = writerGraph() as unknown as { nodes: Array<Record<string, unknown>> }
  broken.nodes[1]!.position = { x: 'left', y: 0 }
  await workflowMenu(page, 'Import JSON…')
  const dialog = page.getByRole('dialog', { name: 'Import a workflow' })
  await dialog.getByTestId('import-text').fill(JSON.stringify({ agentloom: 'workflow', name: 'Broken', document: broken }))
  await dialog.getByTestId('import-submit').click()
  const problems = dialog.getByTestId('import-problems')
  await expect(problems).toContainText('Nothing was imported: the file has 1 problem.')
  await expect(problems.getByRole('listitem')).toHaveText(/^document\.nodes\[1\]\.position\.x .*number/)

  // A structural problem, once the schema holds: an edge to a node that does not exist.
  const dangling = writerGraph()
  dangling.edges[1]!.target = 'nowhere'
  await dialog.getByTestId('import-text').fill(JSON.stringify({ agentloom: 'workflow', name: 'Dangling', document: dangling }))
  await dialog.getByTestId('import-submit').click()
  await expect(problems.getByRole('listitem').filter({ hasText: 'document.edges[1]' })).toContainText('nowhere')

  await dialog.getByRole('button', { name: 'Cancel' }).click()
  const after = ((await (await page.request.get('/api/workflows')).json()) as { workflows: unknown[] }).workflows.length
  expect(after).toBe(before)
})

test('export as TypeScript downloads the program lib/graph exports for the saved workflow', async ({ page }) => {
  const id = await createWorkflow(page, 'Typed export', writerGraph())
  await openWorkflowEditor(page, id)
  const download = page.waitForEvent('download')
  await workflowMenu(page, 'Export as TypeScript')
  const file = await download
  expect(file.suggestedFilename()).toBe('typed-export.ts')
  const text = await readFile(await file.path(), 'utf8')
  expect(text).toContain('from "@/lib/core"')
  expect(text).toContain('new GraphAgentExecutor("writer", {"name":"Writer"')
  expect(text).toContain('main(buildWorkflow, MCP_SERVERS)')
  // The very program the exporter writes for the saved version: lib/graph/export-typescript.int.test.ts runs those,
  // one with tsx as the file's header tells a person to (running it here again would only cost the suite ~10 s of CPU).
  const saved = (await (await page.request.get(`/api/workflows/${id}/versions/1`)).json()) as { version: { graph: GraphDocument } }
  expect(text).toBe(
    exportWorkflowAsTypeScript(saved.version.graph as Parameters<typeof exportWorkflowAsTypeScript>[0], { name: 'Typed export', mcpServers: {} }),
  )
})

test('Ctrl+X cuts the selection with its edges, and Ctrl+V puts it back', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const id = await createWorkflow(page, 'Cut and paste', writerGraph())
  await openWorkflowEditor(page, id)
  await page.locator('.react-flow__node[data-id="writer"]').click()
  await page.keyboard.press('ControlOrMeta+x')
  await expect(nodes(page)).toHaveCount(2)
  await expect(edges(page)).toHaveCount(0)
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true')

  await page.getByTestId('canvas').click({ position: { x: 24, y: 24 } })
  await page.keyboard.press('ControlOrMeta+v')
  await expect(nodes(page)).toHaveCount(3)
  await expect(page.locator('.react-flow__node.selected')).toContainText('Writer')
  // A second paste of the same text is a second copy, one step further.
  await page.keyboard.press('ControlOrMeta+v')
  await expect(page.locator('.react-flow__node').filter({ hasText: 'Writer' })).toHaveCount(2)
})

test('a version saved with a note is listed, compared with another side by side, opened read-only and restored', async ({ page }) => {
  const id = await createWorkflow(page, 'Versioned', starterGraph())
  await openWorkflowEditor(page, id)
  await page.getByTestId('palette-agent').click()
  await expect(nodes(page)).toHaveCount(3)
  await workflowMenu(page, 'Save version with note…')
  await page.getByTestId('save-note').fill('Added an agent')
  await page.getByTestId('save-with-note-submit').click()
  await expect(page.getByTestId('version-label')).toHaveText('v2')

  await workflowMenu(page, 'Version history')
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/versions$`))
  const rows = page.getByTestId('version-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('v2')
  await expect(rows.nth(0)).toContainText('Added an agent')
  await expect(rows.nth(0)).toContainText('(latest)')
  await expect(rows.nth(1)).toContainText('v1')

  await page.getByRole('checkbox', { name: 'Compare v1' }).check()
  await page.getByRole('checkbox', { name: 'Compare v2' }).check()
  await page.getByTestId('compare-versions').click()
  const diff = page.getByTestId('version-diff')
  await expect(diff.getByRole('heading')).toHaveText('Changes from v1 to v2')
  await expect(diff.getByTestId('diff-row')).toHaveCount(1)
  await expect(diff.getByTestId('diff-row').first()).toHaveAttribute('data-change', 'added')
  await expect(diff.getByTestId('diff-row').first()).toContainText('Node added')
  await expect(diff.getByTestId('diff-row').first()).toContainText('(agent)')

  // v1, read-only: its two nodes, nothing to drag or select; then restored as the newest version.
  await rows.nth(1).getByRole('link', { name: 'Open' }).click()
  await expect(page.getByTestId('viewer-version')).toHaveText('v1')
  await expect(nodes(page)).toHaveCount(2)
  await expect(page.locator('.react-flow__node.draggable')).toHaveCount(0)
  await page.getByTestId('viewer-restore').click()
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}$`))
  await expect(page.getByTestId('version-label')).toHaveText('v3')
  await expect(nodes(page)).toHaveCount(2)

  // The restore is in the history, with its note; comparing v2 and v3 shows the agent removed.
  await page.goto(`/workflows/${id}/versions`)
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('Restored from v1')
  await page.getByRole('checkbox', { name: 'Compare v2' }).check()
  await page.getByRole('checkbox', { name: 'Compare v3' }).check()
  await page.getByTestId('compare-versions').click()
  await expect(page.getByTestId('diff-row').first()).toHaveAttribute('data-change', 'removed')
})
