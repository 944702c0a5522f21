/** The services route handlers and pages call, built on the process's AppContext. */
import type { AuditPageView } from '@/lib/contracts/accounts'
import type { HealthResponse } from '@/lib/contracts/health'
import { AgentService } from './agents/agent-service'
import { ApprovalRoutingService } from './approvals/approval-routing'
import { getAppContext } from './app-assembly'
import { type AppContext } from './app-context'
import { listAuditEntries, type AuditQuery } from './audit/audit-log'
import type { ApiTokenService } from './auth/api-tokens'
import { OneTimeLinkService } from './auth/one-time-links'
import { UserAdminService } from './auth/user-admin'
import { UserService } from './auth/users'
import { McpTaskCancelService } from './mcp/mcp-task-cancel'
import { ResponsesService } from './responses/responses-service'
import { ConversationService } from './conversations/conversation-service'
import { McpServerRegistry, type McpServerProbe } from './mcp/mcp-server-registry'
import { RunCheckpoints } from './runs/debugging/run-checkpoints'
import { RunCompareService } from './runs/debugging/run-compare'
import { RunForkService } from './runs/debugging/run-forks'
import { RunDebugService } from './runs/debugging/run-debugging'
import { RunService } from './runs/run-service'
import { ShareLinkService } from './share/share-links'
import type { SkillLibrary } from './skills/skill-library'
import { skillLibrary } from './skills/skills-service'
import { LiveVersions } from './collab/live-versions'
import { WorkflowService } from './workflows/workflow-service'
import { WorkspaceService } from './workspaces/workspace-service'
// Evaluations (issue #31)
import { ModelPriceService } from './model-prices/model-price-service'
import { DatasetService } from './evaluations/dataset-service'
import { ExperimentService } from './evaluations/experiment-service'
// Triggers (issue #32)
import { ScheduleService } from './triggers/schedule-service'
import { WorkflowPinService } from './workflows/workflow-pins'
import { RecentNodeInputs } from './runs/execution/recent-node-inputs'
import { WebhookReceiver } from './triggers/webhook-receiver'
import { WebhookService } from './triggers/webhook-service'
import { ProviderCredentialService } from './credentials/provider-credential-service'
// Publishing (issue #32)
import { PublicationService } from './publications/publication-service'
import { VisitorChatService } from './publications/visitor-chat'
import { VisitorFormService } from './publications/visitor-form'

export interface Services {
  app: AppContext
  agents: AgentService
  workflows: WorkflowService
  /** Versions saved from the live document, and live documents following other saves (issue #30). */
  liveVersions: LiveVersions
  /** Workspaces, their members, invitations and audit log. */
  workspaces: WorkspaceService
  runs: RunService
  /** Debug runs paused at a breakpoint: continue, step, stop, edit their state. */
  runDebugging: RunDebugService
  /** A run's checkpoints, read (time travel). */
  runCheckpoints: RunCheckpoints
  /** Forks of runs from their checkpoints, and their trees. */
  runForks: RunForkService
  /** Any two runs side by side. */
  runCompare: RunCompareService
  conversations: ConversationService
  approvals: AppContext['approvals']
  /** Where a workspace's approvals are told: its webhook and escalation delay. */
  approvalRouting: ApprovalRoutingService
  shareLinks: ShareLinkService
  skills: SkillLibrary
  mcpServers: McpServerRegistry
  /** Accounts: the first admin's setup, counting users. */
  users: UserService
  /** Admins' user management: list, change, invite, password-reset links. */
  userAdmin: UserAdminService
  /** Invitations and password resets, by their one-time tokens. */
  oneTimeLinks: OneTimeLinkService
  apiTokens: ApiTokenService
  auditLog: { list(query: AuditQuery): Promise<AuditPageView> }
  mcpTasks: McpTaskCancelService
  /** OpenAI's Responses API in front of agents and workflows (/v1/responses). */
  responses: ResponsesService
  /** The server and its database answer (GET /api/health). */
  health(): Promise<HealthResponse>
  // Evaluations (issue #31)
  /** Datasets of cases, versioned like workflows. */
  datasets: DatasetService
  /** Runs of a target over a dataset, scored by evaluators. */
  experiments: ExperimentService
  /** Per-workspace model prices, and what runs cost by them. */
  modelPrices: ModelPriceService
  // Triggers (issue #32)
  /** A workflow's cron schedules. */
  schedules: ScheduleService
  /** A workflow's webhooks, managed. */
  webhooks: WebhookService
  /** Signed calls to a webhook (POST /api/hooks/:id). */
  webhookReceiver: WebhookReceiver
  /** A workspace's model credentials (provider API keys, sealed). */
  credentials: ProviderCredentialService
  // Debugging (issue #31)
  /** A workflow's pinned outputs, which its debug runs send instead of running the nodes. */
  workflowPins: WorkflowPinService
  /** What a node received in the workflow's latest runs ("Run this node…"). */
  nodeInputs: RecentNodeInputs
  // Publishing (issue #32)
  /** Agents' and workflows' publications: links (and an agent's widget) for people without an account. */
  publications: PublicationService
  /** The public chat behind an agent publication's token. */
  visitorChat: VisitorChatService
  /** The public form behind a workflow publication's token. */
  visitorForm: VisitorFormService
}

/** Loaded on first use: the probe pulls in the MCP client and the run's connection code. */
const probeMcpServer: McpServerProbe = async (server, options) => (await import('./mcp/mcp-server-probe')).probeMcpServer(server, options)

/**
 * The app's services, made once per app: they keep nothing between calls but what they were made with (the app, and
 * closures over it such as the workflows' `afterSave`), so every request shares them instead of building some 35
 * objects of its own (issue #29).
 */
const appServices = new WeakMap<AppContext, Services>()

export function servicesFor(app: AppContext): Services {
  let services = appServices.get(app)
  if (!services) {
    services = newServices(app)
    appServices.set(app, services)
  }
  return services
}

function newServices(app: AppContext): Services {
  // A save from outside the live document (API, CLI, import, restore) is written into it when it still shows the save's base.
  const liveVersions: LiveVersions = new LiveVersions(app.db.sql, () => workflows)
  const workflows = new WorkflowService(app.db.prisma, {
    afterSave: (workflowId, baseVersion, graph) =>
      liveVersions.followSave(workflowId, baseVersion, graph).then(
        () => undefined,
        (error: unknown) => console.error(`[collab] the live document of ${workflowId} could not follow the save:`, (error as Error).message),
      ),
  })
  const runs = new RunService(app)
  const modelPrices = new ModelPriceService(app.db.prisma)
  // Evaluations (issue #31)
  const datasets = new DatasetService(app.db.prisma, runs)
  return {
    app,
    agents: new AgentService(app.db.prisma, app.secrets, app.outbound),
    workflows,
    liveVersions,
    workspaces: new WorkspaceService(app),
    runs,
    runCheckpoints: new RunCheckpoints(app),
    runForks: new RunForkService(app),
    runCompare: new RunCompareService(app, runs, modelPrices),
    runDebugging: new RunDebugService(app, runs, app.approvals),
    conversations: new ConversationService(app),
    approvals: app.approvals,
    approvalRouting: new ApprovalRoutingService(app),
    shareLinks: new ShareLinkService(app),
    skills: skillLibrary(app),
    mcpServers: new McpServerRegistry(app.db.prisma, app.secrets, probeMcpServer, app.outbound),
    users: new UserService(app),
    userAdmin: new UserAdminService(app),
    oneTimeLinks: new OneTimeLinkService(app),
    apiTokens: app.apiTokens,
    auditLog: { list: (query) => listAuditEntries(app.db.prisma, query) },
    mcpTasks: new McpTaskCancelService(app),
    responses: new ResponsesService(app),
    health: async () => {
      await app.db.sql.query('SELECT 1')
      return { status: 'ok', database: app.db.kind }
    },
    // Evaluations (issue #31)
    datasets,
    experiments: new ExperimentService(app.db.prisma, datasets, runs),
    modelPrices,
    // Triggers (issue #32)
    schedules: new ScheduleService(app),
    webhooks: new WebhookService(app),
    webhookReceiver: new WebhookReceiver(app),
    credentials: new ProviderCredentialService(app),
    workflowPins: new WorkflowPinService(app),
    nodeInputs: new RecentNodeInputs(app, runs),
    publications: new PublicationService(app),
    visitorChat: new VisitorChatService(app),
    visitorForm: new VisitorFormService(app),
  }
}

export async function getServices(): Promise<Services> {
  return servicesFor(await getAppContext())
}
