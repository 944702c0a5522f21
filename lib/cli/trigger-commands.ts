/**
 * `agentloom schedules …` and `agentloom hooks …` (issue #32): a workflow's schedules and webhooks on the server.
 * Human output is a line per item (tab-separated); `--json` prints the contract-shaped answers. A webhook's secret is
 * printed once, when made or rotated, with the header a sender signs its calls with.
 */
import { Command, Option } from 'commander'
import { z } from 'zod'
import {
  scheduleListResponseSchema,
  scheduleResponseSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookWithSecretResponseSchema,
  type ScheduleView,
  type WebhookView,
} from '@/lib/contracts/triggers'
import { EXIT_OK, jsonLine, type CliIo } from './cli-io'
import type { ServerClient } from './server-client'

const schedulesPath = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/schedules`
const hooksPath = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/webhooks`

function scheduleLine(schedule: ScheduleView): string {
  const state = schedule.enabled ? `next ${schedule.nextFireTimes[0] ?? '-'}` : 'paused'
  return `${schedule.id}\t${schedule.cron}\t${schedule.timeZone}\t${state}\t${schedule.description ?? ''}\n`
}

function hookLine(client: ServerClient, hook: WebhookView): string {
  return `${hook.id}\t${client.urlOf(hook.path)}\t${hook.enabled ? 'enabled' : 'disabled'}\t${hook.name}\n`
}

interface Context {
  io: CliIo
  client: (command: Command) => ServerClient
  json: (command: Command) => boolean
  finish: (work: Promise<number>) => void
}

export function registerTriggerCommands(program: Command, { io, client, json, finish }: Context): void {
  const run = (command: Command, work: (client: ServerClient, json: boolean) => Promise<number>) => finish(work(client(command), json(command)))

  const schedules = program.command('schedules').description("A workflow's schedules: cron expressions in a time zone that start runs.")
  schedules
    .command('list')
    .argument('<workflowId>')
    .description('List the schedules: id, cron, time zone, next fire time or paused, in words.')
    .action((workflowId: string, _options: unknown, command: Command) =>
      run(command, async (server, asJson) => {
        const { schedules: listed } = await server.request('GET', schedulesPath(workflowId), scheduleListResponseSchema)
        if (asJson) io.out(jsonLine({ schedules: listed }))
        else if (listed.length === 0) io.out('No schedules.\n')
        else for (const schedule of listed) io.out(scheduleLine(schedule))
        return EXIT_OK
      }),
    )
  schedules
    .command('create')
    .argument('<workflowId>')
    .argument('<cron>', 'five fields (minute hour day month weekday), or six with seconds first: "0 9 * * 1-5"')
    .description('Schedule runs of the latest version.')
    .option('--tz <zone>', 'an IANA time zone', 'UTC')
    .option('-i, --input <text>', "the runs' input (JSON text of the declared fields, if the start node declares any)", '')
    .option('--name <name>', 'a name', '')
    .addOption(new Option('--missed <policy>', 'fire times missed while down or paused').choices(['skip', 'run_once']).default('skip'))
    .option('--paused', 'make it paused', false)
    .action((workflowId: string, cron: string, options: { tz: string; input: string; name: string; missed: string; paused: boolean }, command: Command) =>
      run(command, async (server, asJson) => {
        const body = { cron, timeZone: options.tz, input: options.input, name: options.name, missedRuns: options.missed, enabled: !options.paused }
        const { schedule } = await server.request('POST', schedulesPath(workflowId), scheduleResponseSchema, body)
        io.out(asJson ? jsonLine({ schedule }) : scheduleLine(schedule) + schedule.nextFireTimes.map((time) => `  ${time}\n`).join(''))
        return EXIT_OK
      }),
    )
  for (const [name, enabled] of [
    ['pause', false],
    ['resume', true],
  ] as const) {
    schedules
      .command(name)
      .argument('<workflowId>')
      .argument('<scheduleId>')
      .description(enabled ? 'Resume a schedule (fire times missed meanwhile follow its missed-runs policy).' : 'Pause a schedule.')
      .action((workflowId: string, scheduleId: string, _options: unknown, command: Command) =>
        run(command, async (server, asJson) => {
          const path = `${schedulesPath(workflowId)}/${encodeURIComponent(scheduleId)}`
          const { schedule } = await server.request('PATCH', path, scheduleResponseSchema, { enabled })
          io.out(asJson ? jsonLine({ schedule }) : scheduleLine(schedule))
          return EXIT_OK
        }),
      )
  }
  schedules
    .command('delete')
    .argument('<workflowId>')
    .argument('<scheduleId>')
    .description('Delete a schedule (its runs stay).')
    .action((workflowId: string, scheduleId: string, _options: unknown, command: Command) =>
      run(command, async (server) => {
        await server.request('DELETE', `${schedulesPath(workflowId)}/${encodeURIComponent(scheduleId)}`, z.undefined())
        return EXIT_OK
      }),
    )

  const hooks = program.command('hooks').description("A workflow's webhooks: signed POSTs that start runs.")
  hooks
    .command('list')
    .argument('<workflowId>')
    .description('List the webhooks: id, URL, enabled or not, name.')
    .action((workflowId: string, _options: unknown, command: Command) =>
      run(command, async (server, asJson) => {
        const { webhooks } = await server.request('GET', hooksPath(workflowId), webhookListResponseSchema)
        if (asJson) io.out(jsonLine({ webhooks }))
        else if (webhooks.length === 0) io.out('No webhooks.\n')
        else for (const hook of webhooks) io.out(hookLine(server, hook))
        return EXIT_OK
      }),
    )
  const printSecret = (server: ServerClient, asJson: boolean, answer: { webhook: WebhookView; secret: string }) => {
    if (asJson) return io.out(jsonLine(answer))
    io.out(hookLine(server, answer.webhook))
    io.out(`secret (shown once): ${answer.secret}\n`)
    io.out('sign each call: Agentloom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>\n')
  }
  hooks
    .command('create')
    .argument('<workflowId>')
    .description('Make a webhook; prints its URL and its secret, once.')
    .option('--name <name>', 'a name', '')
    .option('--rate <n>', 'calls accepted per minute', (value) => Number.parseInt(value, 10), 60)
    .action((workflowId: string, options: { name: string; rate: number }, command: Command) =>
      run(command, async (server, asJson) => {
        const answer = await server.request('POST', hooksPath(workflowId), webhookWithSecretResponseSchema, {
          name: options.name,
          rateLimitPerMinute: options.rate,
        })
        printSecret(server, asJson, answer)
        return EXIT_OK
      }),
    )
  hooks
    .command('rotate')
    .argument('<workflowId>')
    .argument('<hookId>')
    .description('Replace the secret (the old one stops working at once); prints the new one, once.')
    .action((workflowId: string, hookId: string, _options: unknown, command: Command) =>
      run(command, async (server, asJson) => {
        const answer = await server.request('POST', `${hooksPath(workflowId)}/${encodeURIComponent(hookId)}/rotate`, webhookWithSecretResponseSchema)
        printSecret(server, asJson, answer)
        return EXIT_OK
      }),
    )
  for (const [name, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    hooks
      .command(name)
      .argument('<workflowId>')
      .argument('<hookId>')
      .description(enabled ? 'Enable a webhook again.' : 'Disable a webhook: calls answer as to no webhook.')
      .action((workflowId: string, hookId: string, _options: unknown, command: Command) =>
        run(command, async (server, asJson) => {
          const { webhook } = await server.request('PATCH', `${hooksPath(workflowId)}/${encodeURIComponent(hookId)}`, webhookResponseSchema, { enabled })
          io.out(asJson ? jsonLine({ webhook }) : hookLine(server, webhook))
          return EXIT_OK
        }),
      )
  }
  hooks
    .command('delete')
    .argument('<workflowId>')
    .argument('<hookId>')
    .description('Delete a webhook (its runs stay).')
    .action((workflowId: string, hookId: string, _options: unknown, command: Command) =>
      run(command, async (server) => {
        await server.request('DELETE', `${hooksPath(workflowId)}/${encodeURIComponent(hookId)}`, z.undefined())
        return EXIT_OK
      }),
    )
}
