/**
 * The scripted model every agent benchmark uses, whatever the framework's model interface: it answers
 * each call with one call of the `step` tool until `turns` tool calls have been made, then with a
 * final text. It keeps a counter instead of reading the conversation, so the model's own cost is
 * constant per turn and every framework sees the same script.
 */
export const TOOL_NAME = 'step'
export const TOOL_DESCRIPTION = 'Advance the task by one step.'
export const TOOL_RESULT = 'ok'
export const FINAL_TEXT = 'done'
export const INSTRUCTIONS = 'Call the step tool until the task is done.'
export const USER_INPUT = 'Run the task.'

export type ScriptedTurn = { kind: 'tool_call'; callId: string } | { kind: 'final'; text: string }

/** A framework's agent, prepared once and run many times. */
export interface AgentHarness {
  /** Key for --only and --worker. */
  key: string
  /** One conversation: `turns` tool-calling turns, then the final answer; throws when it went otherwise. */
  run(turns: number): Promise<void>
}

export class TurnScript {
  private turns = 0
  private modelCalls = 0
  private toolRuns = 0

  /** Starts a conversation of `turns` tool-calling turns. */
  start(turns: number): void {
    this.turns = turns
    this.modelCalls = 0
    this.toolRuns = 0
  }

  /** The model's next answer. */
  next(): ScriptedTurn {
    this.modelCalls++
    return this.modelCalls <= this.turns ? { kind: 'tool_call', callId: `call_${this.modelCalls}` } : { kind: 'final', text: FINAL_TEXT }
  }

  /** The tool's body. */
  toolRan(): string {
    this.toolRuns++
    return TOOL_RESULT
  }

  /** Throws unless the conversation went as scripted and ended with the final text. */
  verify(framework: string, finalText: unknown): void {
    if (this.modelCalls !== this.turns + 1 || this.toolRuns !== this.turns || finalText !== FINAL_TEXT) {
      throw new Error(
        `${framework}: expected ${this.turns + 1} model calls, ${this.turns} tool runs and the text "${FINAL_TEXT}"; ` +
          `got ${this.modelCalls} calls, ${this.toolRuns} tool runs and ${JSON.stringify(finalText)}.`,
      )
    }
  }
}
