/**
 * The questions a local run asks a person: a tool call that needs consent, a human-input step, an
 * MCP server's sampling or elicitation request. A flag answers them up front; otherwise they are
 * asked on the terminal when there is one, and denied when there is not (a script must opt in).
 */
import type { ElicitationCallback, SamplingApprovalCallback } from '@/lib/core'
import type { CliIo } from './cli-io'

export interface ApprovalFlags {
  /** `--approve-tools`: every tool call that needs consent is approved. */
  approveTools: boolean
  /** `--approve-sampling`: every MCP sampling request is approved. */
  approveSampling: boolean
  /** `--answer <text>` (repeatable): the replies to human-input steps, in order. */
  answers: readonly string[]
}

const YES = /^\s*y(es)?\s*$/i

export class TerminalApprovals {
  private readonly answers: string[]

  constructor(
    private readonly io: CliIo,
    private readonly flags: ApprovalFlags,
  ) {
    this.answers = [...flags.answers]
  }

  async toolCall(name: string, args: unknown): Promise<boolean> {
    if (this.flags.approveTools) return this.note(`approved tool call ${name} (--approve-tools)`, true)
    if (!this.io.interactive) return this.note(`denied tool call ${name}: not interactive (pass --approve-tools to allow)`, false)
    return YES.test(await this.io.ask(`? Allow the call ${name} ${argumentsText(args)}? [y/N] `))
  }

  /** The reply to a human-input step, or undefined when nobody answers. */
  async humanInput(prompt: string): Promise<string | undefined> {
    const given = this.answers.shift()
    if (given !== undefined) return this.note(`answered "${prompt}" (--answer)`, given)
    if (!this.io.interactive) return this.note(`no answer to "${prompt}": not interactive (pass --answer "text")`, undefined)
    return this.io.ask(`? ${prompt || 'The workflow asks for input'}\n> `)
  }

  readonly sampling: SamplingApprovalCallback = async (params, { serverName }) => {
    if (this.flags.approveSampling) return this.note(`approved sampling by ${serverName} (--approve-sampling)`, true)
    if (!this.io.interactive) return this.note(`denied sampling by ${serverName}: not interactive (pass --approve-sampling to allow)`, false)
    const asked = JSON.stringify(params.messages ?? []).slice(0, 500)
    return YES.test(await this.io.ask(`? ${serverName} asks the model for a completion (max ${params.maxTokens} tokens): ${asked}\n  Allow? [y/N] `))
  }

  readonly elicitation: ElicitationCallback = async (params, { serverName }) => {
    const form = params as { mode?: string; message?: string; requestedSchema?: unknown }
    if (form.mode === 'url' || !this.io.interactive) {
      return this.note(`declined ${serverName}'s request for information: ${form.mode === 'url' ? 'URL mode is not offered' : 'not interactive'}`, {
        action: 'decline',
      })
    }
    const reply = await this.io.ask(
      `? ${serverName} asks: ${form.message ?? ''}\n  Fields: ${JSON.stringify(form.requestedSchema ?? {})}\n  Answer as a JSON object (empty to decline): `,
    )
    if (reply.trim() === '') return { action: 'decline' }
    try {
      const content = JSON.parse(reply) as unknown
      if (typeof content === 'object' && content !== null && !Array.isArray(content)) return { action: 'accept', content: content as Record<string, string> }
    } catch {
      // falls through to the decline below
    }
    return this.note('declined: the answer was not a JSON object', { action: 'decline' })
  }

  private note<T>(text: string, value: T): T {
    this.io.err(`  · ${text}\n`)
    return value
  }
}

/** A model's call carries its arguments as JSON text already: shown as is, not quoted a second time. */
function argumentsText(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args ?? {})
}
