/**
 * A sub_workflow node runs another saved workflow with the message as its input and sends on each
 * of its outputs. The referenced document comes from the registry (the run service loads it before
 * compiling); it is compiled up front so that its problems surface when the parent compiles.
 */
import { WorkflowException } from '@/lib/core/errors'
import { executor, type Executor } from '@/lib/core/workflows/executor'
import type { Workflow } from '@/lib/core/workflows/workflow'
import type { GraphDocument, GraphNodeOf } from '../document'
import { GraphCompileError } from '../errors'
import type { CompileOptions } from './compile'
import type { CompileRegistry } from './registry'

const MAX_DEPTH = 8

type CompileFn = (document: GraphDocument, registry: CompileRegistry, options?: CompileOptions) => Workflow

export function subWorkflowExecutor(
  node: GraphNodeOf<'sub_workflow'>,
  registry: CompileRegistry,
  options: CompileOptions & { compile: CompileFn },
): Executor {
  const { workflowId, version } = node.data
  const parents = options.parents ?? []
  const target = `workflow "${workflowId}"${version === undefined ? '' : ` version ${version}`}`
  if (parents.includes(workflowId)) {
    throw new GraphCompileError(`Sub-workflow "${node.id}" runs ${target}, which already contains it: workflows cannot include themselves.`)
  }
  if (parents.length >= MAX_DEPTH) throw new GraphCompileError(`Sub-workflows are nested more than ${MAX_DEPTH} levels deep.`)
  if (!registry.subWorkflow) throw new GraphCompileError(`Sub-workflow "${node.id}": sub-workflows are not available here.`)
  const document = registry.subWorkflow(workflowId, version)
  if (!document) throw new GraphCompileError(`Sub-workflow "${node.id}" refers to ${target}, which does not exist.`)

  const build = () => options.compile(document, registry, { parents: [...parents, workflowId], name: `${node.id}:${workflowId}` })
  build()
  return executor(
    node.id,
    async (message: unknown, ctx) => {
      // A fresh instance per invocation: a Workflow runs one run at a time, and loops may re-enter.
      const result = await build().run(message, { signal: ctx.signal })
      if (result.getRequestInfoEvents().length > 0) {
        throw new WorkflowException(`Sub-workflow "${node.id}" asked for input; sub-workflows that wait for a person are not supported yet.`)
      }
      for (const output of result.getOutputs()) ctx.sendMessage(output)
    },
    { outputCapable: false },
  )
}
