/**
 * Every answer of the workflow, MCP server, skill and function-tool routes fits its contract in
 * lib/contracts, the same schema the browser's client checks it with: a presenter that drifts
 * from the contract fails here, not in a component.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionToolListResponseSchema } from '@/lib/contracts/function-tools'
import {
  confirmRequiredDetailsSchema,
  manifestImportSummarySchema,
  mcpServerListResponseSchema,
  mcpServerResponseSchema,
  removedMcpServerSchema,
  savedMcpServerResponseSchema,
} from '@/lib/contracts/mcp-servers'
import { deletedSkillResponseSchema, skillListSchema, skillResponseSchema } from '@/lib/contracts/skills'
import {
  createdWorkflowResponseSchema,
  invalidGraphDetailsSchema,
  updatedWorkflowResponseSchema,
  versionListResponseSchema,
  versionResponseSchema,
  workflowListResponseSchema,
  workflowResponseSchema,
} from '@/lib/contracts/workflows'
import { exampleWorkflowDocument, starterDocument } from '@/lib/graph'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import * as functionToolsRoute from './function-tools/route'
import * as mcpServerRoute from './mcp-servers/[id]/route'
import * as mcpImportRoute from './mcp-servers/import/route'
import * as mcpServersRoute from './mcp-servers/route'
import * as skillRoute from './skills/[name]/route'
import * as skillsRoute from './skills/route'
import * as versionRoute from './workflows/[id]/versions/[version]/route'
import * as versionsRoute from './workflows/[id]/versions/route'
import * as workflowRoute from './workflows/[id]/route'
import * as workflowsRoute from './workflows/route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchServer = atCurrentVersion(mcpServerRoute)

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchSkill = atCurrentVersion(skillRoute)

const SKILL = `---
name: contract-check
description: A skill made to check the skills API's answers.
---

Answer briefly.
`

/** The example workflow, its agent set to use the MCP server `id`. */
function graphUsingServer(id: string) {
  const document = exampleWorkflowDocument()
  const agent = document.nodes.find((node) => node.kind === 'agent')
  if (agent?.kind !== 'agent') throw new Error('The example workflow has an agent.')
  agent.data.mcpServerIds = [id]
  return document
}

describe('the answers of the workflow, MCP server, skill and function-tool routes fit their contracts', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  it('workflows and versions', async () => {
    const created = await callRoute(workflowsRoute.POST, { body: { name: 'Contract check' } })
    expect(created.status).toBe(201)
    const { workflow } = createdWorkflowResponseSchema.parse(created.body)
    const params = { id: workflow.id }

    workflowListResponseSchema.parse((await callRoute(workflowsRoute.GET)).body)
    workflowResponseSchema.parse((await callRoute(workflowRoute.GET, { params })).body)
    const patched = await callRoute(workflowRoute.PATCH, { method: 'PATCH', params, body: { settings: { conversationForwarding: { enabled: true } } } })
    expect(updatedWorkflowResponseSchema.parse(patched.body).workflow.settings.conversationForwarding).toEqual({ enabled: true, timeoutMs: 10_000 })

    const saved = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument(), baseVersion: 1 } })
    expect(versionResponseSchema.parse(saved.body).version.version).toBe(2)
    versionListResponseSchema.parse((await callRoute(versionsRoute.GET, { params })).body)
    versionResponseSchema.parse((await callRoute(versionRoute.GET, { params: { ...params, version: '2' } })).body)

    const invalid = await callRoute(versionsRoute.POST, { params, body: { graph: { ...starterDocument(), nodes: [] }, baseVersion: 2 } })
    expect(invalid.status).toBe(400)
    expect(invalidGraphDetailsSchema.parse(invalid.body.error.details).problems.length).toBeGreaterThan(0)
  })

  it('MCP servers', async () => {
    const created = await callRoute(mcpServersRoute.POST, {
      body: {
        id: 'contract-check',
        name: 'Contract check',
        transport: 'http',
        config: { url: 'https://mcp.example.test/mcp?key=s3cret' },
        secrets: { headers: { Authorization: 'Bearer t0ken' } },
      },
    })
    expect(created.status).toBe(201)
    expect(savedMcpServerResponseSchema.parse(created.body).server).toMatchObject({ secretKeys: { env: [], headers: ['Authorization'] } })
    const params = { id: 'contract-check' }

    expect(mcpServerListResponseSchema.parse((await callRoute(mcpServersRoute.GET)).body).servers.map((server) => server.id)).toContain('contract-check')
    const workflow = createdWorkflowResponseSchema.parse(
      (await callRoute(workflowsRoute.POST, { body: { name: 'Uses it', graph: graphUsingServer('contract-check') } })).body,
    ).workflow
    const shown = mcpServerResponseSchema.parse((await callRoute(mcpServerRoute.GET, { params })).body)
    expect(shown.referencedBy.map((reference) => reference.workflowId)).toEqual([workflow.id])

    const unconfirmed = await callRoute(patchServer, { method: 'PATCH', params, body: { config: { url: 'https://elsewhere.example.test/mcp' } } })
    expect(unconfirmed.status).toBe(409)
    expect(confirmRequiredDetailsSchema.parse(unconfirmed.body.error.details)).toMatchObject({ others: 0 })
    savedMcpServerResponseSchema.parse((await callRoute(patchServer, { method: 'PATCH', params, body: { description: 'Checked.' } })).body)

    const imported = await callRoute(mcpImportRoute.POST, {
      body: { manifest: { mcpServers: [{ mcpServerName: 'contract_import', url: 'https://tools.example.test/mcp' }] } },
    })
    expect(imported.status).toBe(200)
    manifestImportSummarySchema.parse(imported.body)

    removedMcpServerSchema.parse((await callRoute(mcpServerRoute.DELETE, { method: 'DELETE', params })).body)
  })

  it('skills', async () => {
    const created = await callRoute(skillsRoute.POST, { body: { content: SKILL, resources: [{ name: 'notes.md', content: 'Notes.' }] } })
    expect(created.status).toBe(201)
    skillResponseSchema.parse(created.body)
    const params = { name: 'contract-check' }
    expect(skillListSchema.parse((await callRoute(skillsRoute.GET)).body).skills.map((skill) => skill.name)).toContain('contract-check')
    expect(skillResponseSchema.parse((await callRoute(skillRoute.GET, { params })).body).skill.storedResources).toEqual([
      { name: 'notes.md', content: 'Notes.' },
    ])
    skillResponseSchema.parse((await callRoute(patchSkill, { method: 'PATCH', params, body: { resources: [] } })).body)
    deletedSkillResponseSchema.parse((await callRoute(skillRoute.DELETE, { method: 'DELETE', params })).body)
  })

  it('function tools', async () => {
    expect(functionToolListResponseSchema.parse((await callRoute(functionToolsRoute.GET)).body).tools.length).toBeGreaterThan(0)
  })
})
