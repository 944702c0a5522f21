/**
 * Editing skills as a person does: a stored skill opens, is edited with the SKILL.md checked as
 * it is typed (each problem under its own field), its resources added, changed and removed, and
 * saved; the view closes with its button and with Escape. A skill folder chosen with the
 * browser's folder picker is checked as on disk (scripts left out, saying why) and saved.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { snap } from './fixtures/page'

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nRead notes.md.\n`

test('edit a stored skill: live checks at each field, resources added and removed, saved', async ({ page }, testInfo) => {
  const created = await page.request.post('/api/skills', {
    data: { content: skill('e2e-editable', 'First words.'), resources: [{ name: 'notes.md', content: 'Old notes.' }] },
  })
  expect(created.ok()).toBe(true)
  await page.goto('/skills')
  await page.getByTestId('skill-open-e2e-editable').click()
  await expect(page.getByTestId('skill-body')).toContainText('Read notes.md.')
  await page.getByTestId('skill-edit').click()

  // A broken name is reported while typing, under the SKILL.md, before any save.
  const content = page.getByTestId('skill-content')
  await content.fill(skill('E2E Editable', 'First words.'))
  await expect(page.getByTestId('skill-error')).toContainText('invalid name')
  await expect(content).toHaveAttribute('aria-invalid', 'true')
  await content.fill(skill('e2e-editable', 'Better words.'))
  await expect(page.getByTestId('skill-valid')).toContainText('Better words.')

  // A bad resource name is reported under that name, not on the SKILL.md.
  await page.getByTestId('skill-resource-add').click()
  await page.getByTestId('skill-resource-name-1').fill('../outside.md')
  await page.getByTestId('skill-resource-content-1').fill('New resource.')
  await expect(page.getByTestId('skill-resource-name-error-1')).toContainText('relative path')
  await expect(content).not.toHaveAttribute('aria-invalid', 'true')
  await snap(page, testInfo, '01-live-checks')
  await page.getByTestId('skill-resource-name-1').fill('references/extra.md')
  await expect(page.getByTestId('skill-valid')).toBeVisible()
  await page.getByTestId('skill-resource-content-0').fill('Changed notes.')
  await page.getByTestId('skill-resource-remove-0').click()
  await page.getByTestId('skill-save').click()

  // The view shows what was saved; it closes with its button, and with Escape.
  const detail = page.getByTestId('skill-detail')
  await expect(detail).toContainText('references/extra.md')
  await expect(detail).not.toContainText('notes.md,')
  await expect(page.getByRole('dialog')).toContainText('Better words.')
  await page.getByTestId('skill-detail-close').click()
  await expect(detail).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('skill-row-e2e-editable')).toContainText('Better words.')
  await expect(page.getByTestId('skill-row-e2e-editable')).toContainText('references/extra.md')
  await page.getByTestId('skill-open-e2e-editable').click()
  await expect(detail).toContainText('New resource.')
  await page.keyboard.press('Escape')
  await expect(detail).toHaveCount(0)
})

test('import a skill folder: checked as on disk, scripts left out, then saved', async ({ page }, testInfo) => {
  const root = mkdtempSync(join(tmpdir(), 'agentloom-skill-folder-'))
  const folder = join(root, 'e2e-imported')
  mkdirSync(join(folder, 'references'), { recursive: true })
  mkdirSync(join(folder, 'scripts'))
  writeFileSync(join(folder, 'SKILL.md'), skill('e2e-imported-wrong', 'Imported from a folder.'))
  writeFileSync(join(folder, 'references', 'guide.md'), 'The guide.')
  writeFileSync(join(folder, 'scripts', 'run.mjs'), 'console.log(1)')

  await page.goto('/skills')
  await page.getByTestId('skill-import-open').click()
  await page.getByTestId('skill-import-folder').setInputFiles(folder)
  const editor = page.getByTestId('skill-editor')
  await expect(editor.getByTestId('skill-resource-name-0')).toHaveValue('references/guide.md')
  await expect(page.getByTestId('skill-import-skipped')).toContainText('scripts/run.mjs')
  await expect(page.getByTestId('skill-import-skipped')).toContainText('stored skills never run code')
  // As on disk, the skill's name must be its folder's.
  await expect(page.getByTestId('skill-error')).toContainText('name mismatch')
  await snap(page, testInfo, '02-folder-checked')
  await editor.getByTestId('skill-content').fill(skill('e2e-imported', 'Imported from a folder.'))
  await expect(page.getByTestId('skill-valid')).toBeVisible()
  await editor.getByTestId('skill-save').click()
  const row = page.getByTestId('skill-row-e2e-imported')
  await expect(row).toContainText('Stored')
  await expect(row).toContainText('references/guide.md')
  await expect(page.getByTestId('skill-import')).toHaveCount(0)
})
