/**
 * lib/graph: the workflow document the canvas edits — schema, migration, validation and
 * compilation to a lib/core Workflow. Imports lib/core only; never the app, React or @xyflow.
 */
export {
  NODE_KINDS,
  ORCHESTRATION_KINDS,
  NODE_DATA_SCHEMAS,
  DEFAULT_CASE_HANDLE,
  ModelSettingsSchema,
  ModelProviderSchema,
  DEFAULT_AZURE_OPENAI_API_VERSION,
  ToolApprovalModeSchema,
  AgentSettingsSchema,
  FileAccessSettingsSchema,
  StructuredOutputSchema,
  StructuredFieldSchema,
  ReasoningEffortSchema,
  ParticipantSchema,
  ConditionCaseSchema,
  defaultNodeData,
  isOrchestrationKind,
} from './node-data'
export type {
  NodeKind,
  OrchestrationKind,
  NodeData,
  NodeDataByKind,
  ModelSettings,
  ModelProvider,
  ToolApprovalMode,
  AgentSettings,
  FileAccessSettings,
  StructuredOutput,
  StructuredField,
  ReasoningEffort,
  Participant,
  ConditionCase,
} from './node-data'
export {
  CURRENT_SCHEMA_VERSION,
  GraphDocumentSchema,
  GraphNodeSchema,
  GraphEdgeSchema,
  PositionSchema,
  isNodeKind,
  isNodeOfKind,
  starterDocument,
} from './document'
export type { GraphDocument, GraphNode, GraphNodeOf, GraphEdge, Position } from './document'
export { MIGRATIONS, migrateGraphDocument, parseGraphDocument } from './migrate'
export type { Migration, MigrationTable, ParseDocumentResult } from './migrate'
export { validate, validateDocument } from './validate'
export { DEFAULT_MAX_SUPERSTEPS, MAX_SUPERSTEPS_LIMIT, longestPathSupersteps, superstepBudgetProblems, tooManyStepsMessage } from './superstep-budget'
export type { DocumentValidationResult, ServerContext } from './validate'
export { serverFactProblems, subWorkflowIdsOf } from './server-facts'
export type { ModelEndpoint, SavedAgentFacts, ServerFacts, WorkflowFacts } from './server-facts'
export { PROBLEM_CODES, hasErrors, formatPath } from './problems'
export type { GraphProblem, ProblemCode, ProblemSeverity, ValidationResult } from './problems'
export { NODE_KIND_DEFINITIONS, nodeKindDefinition } from './node-kinds'
export type { NodeKindDefinition, NodeReferences, NodeSurroundings, TypeScriptExport } from './node-kinds/definition'
export { sourceHandles, targetHandles, hasInput, hasOutput, isValidSourceHandle } from './handles'
export type { HandleSpec } from './handles'
export { checkExpression, compileExpression, compileCondition } from './cel'
export type { ExpressionCheck, CompiledExpression } from './cel'
export { GraphDocumentError, GraphCompileError, ExpressionError } from './errors'
export { exampleWorkflowDocument, EXAMPLE_WORKFLOW_NAME, EXAMPLE_WORKFLOW_DESCRIPTION, EXAMPLE_MCP_SERVER_ID } from './example-workflow'
export * from './compile/index'
export { fieldsToJsonSchema, jsonSchemaProblem } from './structured-output'
export {
  INPUT_FIELD_TYPES,
  InputFieldSchema,
  checkStartInput,
  inputFieldsProblems,
  inputFieldsToJsonSchema,
  inputFieldsZod,
  inputProblemsText,
} from './start-input'
export type { InputField, InputFieldType, InputProblem, StartInputCheck } from './start-input'
export { declaredInputFields, runInputProblems } from './run-input'
export { RunInputError } from './errors'
export { singleNodeDocument } from './single-node-document'
export type { SingleNodeDocument } from './single-node-document'
export { agentSettingsErrors } from './validate-nodes'
