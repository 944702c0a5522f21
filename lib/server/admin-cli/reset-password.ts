import type { Command } from 'commander'
import { emailSchema, passwordSchema } from '@/lib/contracts/accounts'
import { recordAudit } from '../audit/audit-log'
import { revokeUserSessions } from '../auth/credentials'
import { oneTimeLink } from '../auth/one-time-links'
import { serverBaseUrl } from '../auth/public-url'
import { UserAdminService } from '../auth/user-admin'
import { UserService } from '../auth/users'
import { checkOption, findUserByEmail, withAdminApp, type AdminEnv, type CommandOutput } from './admin-context'

export function registerResetPassword(program: Command, output: CommandOutput, env: AdminEnv): void {
  program
    .command('reset-password')
    .description(
      'Print a one-time link (valid 24 hours) where the user chooses a new password; or, with --password, set it now. Either way they are signed out everywhere once it changes.',
    )
    .requiredOption('--email <email>', "the user's e-mail address")
    .option('--password <password>', 'set this password now instead of printing a link')
    .action(async (options: { email: string; password?: string }) => {
      const email = checkOption(emailSchema, options.email, '--email')
      const password = options.password === undefined ? undefined : checkOption(passwordSchema, options.password, '--password')
      await withAdminApp(env, async (app) => {
        const user = await findUserByEmail(app, email)
        if (password === undefined) {
          const { token } = await new UserAdminService(app).issuePasswordReset(null, user.id)
          output.note(`Send this link to ${user.email}; it works once, for 24 hours:`)
          output.result(oneTimeLink(serverBaseUrl(env), 'password_reset', token))
          return
        }
        await new UserService(app).setPassword(user.id, password)
        await revokeUserSessions(app.auth, user.id)
        await recordAudit(app.db.prisma, {
          actorId: null,
          action: 'user.set_password',
          resourceType: 'user',
          resourceId: user.id,
          details: { email: user.email, via: 'command line' },
        })
        output.result(`Set a new password for ${user.email}; their sessions are signed out.`)
      })
    })
}
