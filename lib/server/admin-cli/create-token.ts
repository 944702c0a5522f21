import type { Command } from 'commander'
import { createApiTokenRequestSchema, emailSchema } from '@/lib/contracts/accounts'
import { checkOption, findUserByEmail, withAdminApp, type AdminEnv, type CommandOutput } from './admin-context'

export function registerCreateToken(program: Command, output: CommandOutput, env: AdminEnv): void {
  program
    .command('create-token')
    .description("Create a personal API token for a user and print it (only this once). It acts with the user's rights.")
    .requiredOption('--email <email>', "the user's e-mail address")
    .requiredOption('--name <name>', 'what the token is for, shown in their settings')
    .action(async (options: { email: string; name: string }) => {
      const email = checkOption(emailSchema, options.email, '--email')
      const { name } = checkOption(createApiTokenRequestSchema, { name: options.name }, '--name')
      await withAdminApp(env, async (app) => {
        const user = await findUserByEmail(app, email)
        const { token } = await app.apiTokens.create(user.id, name)
        output.note(`API token "${name}" for ${user.email}. It is shown only now; send it as Authorization: Bearer <token>.`)
        output.result(token)
      })
    })
}
