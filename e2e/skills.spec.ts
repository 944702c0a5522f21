/**
 * The skill library as a person meets it: the example file skills are listed, a skill typed in
 * the browser is saved and listed, a broken SKILL.md is refused with the rule it breaks, the new
 * skill can be picked for an agent in the workflow editor, and it can be deleted.
 */
import { expect, test } from './fixtures/test'
import { snap } from './fixtures/page'

const SKILL = `---
name: team-glossary
description: Explain the team's terms the way the team uses them.
license: CC0
---

# Team glossary

Read the resource terms.md and answer from it.
`

test('create a skill in the browser, see a bad one rejected, pick it for an agent, delete it', async ({ page }, testInfo) => {
  // 1. The library lists the example file skills, read-only.
  await page.goto('/skills')
  const list = page.getByTestId('skills-list')
  await expect(list).toBeVisible()
  const exampleRow = page.getByTestId('skill-row-text-tools')
  await expect(exampleRow).toContainText('File')
  await expect(exampleRow).toContainText('scripts/slugify.mjs')
  await expect(page.getByTestId('skill-delete-text-tools')).toHaveCount(0)

  // 2. Create a skill from SKILL.md text with one resource.
  await page.getByTestId('skill-new').click()
  const content = page.getByTestId('skill-content')
  await expect(content).toHaveValue(/name: my-skill/)
  await content.fill(SKILL)
  await page.getByTestId('skill-resource-add').click()
  await page.getByTestId('skill-resource-name-0').fill('terms.md')
  await page.getByTestId('skill-resource-content-0').fill('Loom: our app.')
  await page.getByTestId('skill-save').click()

  const row = page.getByTestId('skill-row-team-glossary')
  await expect(row).toBeVisible()
  await expect(row).toContainText('Stored')
  await expect(row).toContainText('terms.md')
  await expect(page.getByTestId('skill-content')).toHaveCount(0)

  // 3. Its detail shows the SKILL.md body.
  await page.getByTestId('skill-open-team-glossary').click()
  await expect(page.getByTestId('skill-body')).toContainText('# Team glossary')
  await snap(page, testInfo, '01-skill-detail')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('skill-body')).toHaveCount(0)

  // 4. A SKILL.md with an invalid name is refused, and the form says which rule it broke.
  await page.getByTestId('skill-new').click()
  await page.getByTestId('skill-content').fill(SKILL.replace('name: team-glossary', 'name: Team Glossary'))
  await page.getByTestId('skill-save').click()
  const error = page.getByTestId('skill-error')
  await expect(error).toContainText('invalid name')
  await expect(error).toContainText("Invalid skill name 'Team Glossary'")
  await expect(page.getByTestId('skill-content')).toBeVisible()
  await snap(page, testInfo, '02-skill-rejected')

  // 5. The agent inspector offers the library's skills as checkboxes.
  await page.goto('/workflows')
  await page.getByTestId('new-workflow').click()
  // A draft: the workflow is created when first saved or named.
  await expect(page).toHaveURL(/\/workflows\/new$/)
  const canvas = page.getByTestId('canvas')
  await expect(canvas).toBeVisible()
  await page.getByTestId('palette-agent').dragTo(canvas, { targetPosition: { x: 330, y: 120 } })
  const agent = page.locator('.react-flow__node').filter({ has: page.locator('[data-kind="agent"]') })
  await agent.click()
  const pick = page.getByTestId('inspector-skillIds-team-glossary')
  await expect(pick).not.toBeChecked()
  await pick.check()
  await expect(pick).toBeChecked()
  await expect(page.getByTestId('inspector-skillIds-text-tools')).not.toBeChecked()
  await snap(page, testInfo, '03-inspector-skills')

  // 6. Delete it. (The editor has unsaved changes: leave it anyway.)
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto('/skills')
  await page.getByTestId('skill-delete-team-glossary').click()
  await page.getByTestId('skill-delete-confirm').click()
  await expect(page.getByTestId('skill-row-team-glossary')).toHaveCount(0)
  await expect(page.getByTestId('skill-row-text-tools')).toBeVisible()
})
