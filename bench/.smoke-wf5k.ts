import { langGraphWorkflowHarness } from './lib/workflows/langgraph'
import { mastraWorkflowHarness } from './lib/workflows/mastra'
import { agentloomWorkflowHarness } from './lib/workflows/agentloom'
const which = process.argv[2]
const h = which === 'lg' ? langGraphWorkflowHarness(false) : which === 'lgc' ? langGraphWorkflowHarness(true) : which === 'm' ? mastraWorkflowHarness() : agentloomWorkflowHarness(which === 'ac')
const c = await h.chain(5000)
for (let i = 0; i < 2; i++) {
  const t = process.hrtime.bigint(); const cpu = process.cpuUsage()
  await c()
  const u = process.cpuUsage(cpu)
  console.log(h.label, 'chain 5000 wall', (Number(process.hrtime.bigint() - t) / 1e6).toFixed(0), 'ms cpu', ((u.user + u.system) / 1000).toFixed(0), 'ms')
}
