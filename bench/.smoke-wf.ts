import { agentloomWorkflowHarness } from './lib/workflows/agentloom'
import { handWrittenWorkflowHarness } from './lib/workflows/hand-written'
import { langGraphWorkflowHarness } from './lib/workflows/langgraph'
import { mastraWorkflowHarness } from './lib/workflows/mastra'
const sizes = process.argv.slice(2).map(Number)
for (const h of [agentloomWorkflowHarness(false), agentloomWorkflowHarness(true), handWrittenWorkflowHarness(), langGraphWorkflowHarness(false), langGraphWorkflowHarness(true), mastraWorkflowHarness()]) {
  try {
    for (const size of sizes) {
      let t = process.hrtime.bigint()
      const c = await h.chain(size)
      const build = Number(process.hrtime.bigint() - t) / 1e6
      t = process.hrtime.bigint(); await c(); const r1 = Number(process.hrtime.bigint() - t) / 1e6
      t = process.hrtime.bigint(); await c(); const r2 = Number(process.hrtime.bigint() - t) / 1e6
      console.log(h.label, 'chain', size, 'build', build.toFixed(1), 'run', r1.toFixed(1), r2.toFixed(1), 'ms')
    }
    const f = await h.fanOutIn(1000)
    let t = process.hrtime.bigint(); await f(); const r1 = Number(process.hrtime.bigint() - t) / 1e6
    t = process.hrtime.bigint(); await f(); const r2 = Number(process.hrtime.bigint() - t) / 1e6
    console.log(h.label, 'fan 1000 run', r1.toFixed(1), r2.toFixed(1), 'ms')
  } catch (e) { console.log(h.label, 'FAILED', e) }
}
