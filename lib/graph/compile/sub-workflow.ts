/**
 * A sub_workflow node runs another saved workflow with the message as its input and sends on each
 * of its outputs; a person's input it asks for is asked in the parent run. The referenced document
 * comes from the registry (the run service loads it before compiling, see collectSubWorkflowRefs).
 */
import type { Executor, Workflow } from '@/lib/core'
import type { GraphDocument, GraphNodeOf } from '../document'
import { GraphCompileError } from '../errors'
import { NestedWorkflowExecutor } from './nested-workflow'
import type { CompileOptions, CompileRegistry } from './registry'

/** How deep sub-workflows may nest, here and where the run service loads them. */
export const MAX_SUB_WORKFLOW_DEPTH = 8

type CompileFn = (document: GraphDocument, registry: CompileRegistry, options?: CompileOptions) => Workflow

export function subWorkflowExecutor(node: GraphNodeOf<'sub_workflow'>, registry: CompileRegistry, options: CompileOptions & { compile: CompileFn }): Executor {
  const { workflowId, version } = node.data
  const parents = options.parents ?? []
  const target = `workflow "${workflowId}"${version === undefined ? '' : ` version ${version}`}`
  if (parents.includes(workflowId)) {
    throw new GraphCompileError(`Sub-workflow "${node.id}" runs ${target}, which already contains it: workflows cannot include themselves.`)
  }
  if (parents.length >= MAX_SUB_WORKFLOW_DEPTH) throw new GraphCompileError(`Sub-workflows are nested more than ${MAX_SUB_WORKFLOW_DEPTH} levels deep.`)
  if (!registry.subWorkflow) throw new GraphCompileError(`Sub-workflow "${node.id}": sub-workflows are not available here.`)
  const document = registry.subWorkflow(workflowId, version)
  if (!document) throw new GraphCompileError(`Sub-workflow "${node.id}" refers to ${target}, which does not exist.`)

  // Stored conversations belong to the top-level document's agent nodes: a sub-workflow's node ids may be the same.
  const workflow = options.compile(document, Object.assign(Object.create(registry) as CompileRegistry, { agentConversation: undefined }), {
    parents: [...parents, workflowId],
    name: `${node.id}:${workflowId}`,
  })
  return new NestedWorkflowExecutor(workflow, node.id)
}
