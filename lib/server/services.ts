/** The services route handlers and pages call, built on the process's AppContext. */
import { AgentService } from './agents/agent-service'
import { getAppContext, type AppContext } from './app-context'
import { ConversationService } from './conversations/conversation-service'
import { McpServerRegistry, type McpServerProbe } from './mcp/mcp-server-registry'
import { RunService } from './runs/run-service'
import { ShareLinkService } from './share/share-links'
import type { SkillLibrary } from './skills/skill-library'
import { skillLibrary } from './skills/skills-service'
import { WorkflowService } from './workflows/workflow-service'

export interface Services {
  app: AppContext
  agents: AgentService
  workflows: WorkflowService
  runs: RunService
  conversations: ConversationService
  approvals: AppContext['approvals']
  shareLinks: ShareLinkService
  skills: SkillLibrary
  mcpServers: McpServerRegistry
}

/** Loaded on first use: the probe pulls in the MCP client and the run's connection code. */
const probeMcpServer: McpServerProbe = async (server, options) => (await import('./mcp/mcp-server-probe')).probeMcpServer(server, options)

export function servicesFor(app: AppContext): Services {
  return {
    app,
    agents: new AgentService(app.db.prisma, app.secrets, app.outbound),
    workflows: new WorkflowService(app.db.prisma),
    runs: new RunService(app),
    conversations: new ConversationService(app),
    approvals: app.approvals,
    shareLinks: new ShareLinkService(app),
    skills: skillLibrary(app),
    mcpServers: new McpServerRegistry(app.db.prisma, app.secrets, probeMcpServer, app.outbound),
  }
}

export async function getServices(): Promise<Services> {
  return servicesFor(await getAppContext())
}
