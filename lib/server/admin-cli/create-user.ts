import type { Command } from 'commander'
import { emailSchema, passwordSchema, personNameSchema } from '@/lib/contracts/accounts'
import { recordAudit } from '../audit/audit-log'
import { UserService } from '../auth/users'
import { checkOption, withAdminApp, type AdminEnv, type CommandOutput } from './admin-context'

export function registerCreateUser(program: Command, output: CommandOutput, env: AdminEnv): void {
  program
    .command('create-user')
    .description('Create a user who signs in with an e-mail address and a password.')
    .requiredOption('--email <email>', 'their e-mail address (how they sign in)')
    .requiredOption('--password <password>', 'their password, 12 to 128 characters')
    .option('--name <name>', 'their name as shown in the app (default: the part of the address before @)')
    .option('--admin', 'make them an admin (default: a member)')
    .action(async (options: { email: string; password: string; name?: string; admin?: boolean }) => {
      const email = checkOption(emailSchema, options.email, '--email')
      const password = checkOption(passwordSchema, options.password, '--password')
      const name = options.name === undefined ? undefined : checkOption(personNameSchema, options.name, '--name')
      const role = options.admin ? 'admin' : 'member'
      await withAdminApp(env, async (app) => {
        const user = await new UserService(app).create({ email, name, password, role })
        await recordAudit(app.db.prisma, {
          actorId: null,
          action: 'user.create',
          resourceType: 'user',
          resourceId: user.id,
          details: { email, role, via: 'command line' },
        })
        output.result(`Created ${role} ${user.email} (${user.id}).`)
      })
    })
}
