/**
 * `npm run admin -- rotate-key [--new-key <key>]`: re-encrypts every secret at rest with a new
 * master key in one transaction. With the key in a file (the embedded default), the file is
 * replaced atomically once the database has committed; with AGENTLOOM_SECRET_KEY the person must
 * put the new key there. Running servers keep the old key in memory: they must be restarted.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import { keyFilePath, loadMasterKey, MASTER_KEY_BYTES, MasterKeyError, parseMasterKey } from '../secrets/master-key'
import { rotateSecrets } from '../secret-vault/rotate'
import { CommandError, withAdminApp, type AdminEnv, type CommandOutput } from './admin-context'

function newKeyFrom(option: string | undefined): { key: Buffer; generated: boolean } {
  if (option === undefined) return { key: randomBytes(MASTER_KEY_BYTES), generated: true }
  try {
    return { key: parseMasterKey(option, '--new-key'), generated: false }
  } catch (error) {
    if (error instanceof MasterKeyError) throw new CommandError(error.message)
    throw error
  }
}

/** Writes the new key beside the key file first, so that only a rename is left once the database has the new key. */
function stageKeyFile(path: string, key: Buffer): { commit(): void; discard(): void } {
  const staged = `${path}.new-${process.pid}`
  writeFileSync(staged, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
  chmodSync(staged, 0o600)
  return { commit: () => renameSync(staged, path), discard: () => rmSync(staged, { force: true }) }
}

export function registerRotateKey(program: Command, output: CommandOutput, env: AdminEnv): void {
  program
    .command('rotate-key')
    .description(
      'Re-encrypt every stored secret with a new master key (generated unless --new-key is given). Restart the web server and workers afterwards; everyone is signed out.',
    )
    .option('--new-key <key>', 'the new key: 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)')
    .action(async (options: { newKey?: string }) => {
      const oldKey = loadMasterKey(env)
      const { key: newKey, generated } = newKeyFrom(options.newKey)
      if (newKey.equals(oldKey)) throw new CommandError('--new-key is the key in use now; give a different one.')
      const fromEnvironment = Boolean(env.AGENTLOOM_SECRET_KEY)
      const keyFile = fromEnvironment ? undefined : stageKeyFile(keyFilePath(env), newKey)
      let summary
      try {
        summary = await withAdminApp(env, (app) => rotateSecrets(app.db.prisma, oldKey, newKey))
      } catch (error) {
        keyFile?.discard()
        throw error
      }
      output.note(
        `Re-encrypted the secrets of ${summary.resealed.length} MCP server(s), the API keys of ${summary.resealedAgentKeys.length} agent(s) and ${summary.resealedCheckpoints} stored checkpoint(s) with the new key.`,
      )
      if (keyFile) {
        try {
          keyFile.commit()
        } catch (error) {
          output.note(
            `The database now uses the new key, but ${keyFilePath(env)} could not be replaced (${(error as Error).message}). Write the key below into it, or the secrets cannot be read.`,
          )
          output.result(newKey.toString('base64'))
          throw new CommandError('the key file was not replaced.')
        }
        output.note(`Wrote the new key to ${keyFilePath(env)}. Restart the web server and workers.`)
        if (generated) output.note('The new key is in the key file only; keep a backup of that file.')
        return
      }
      if (!generated) return output.note('Set AGENTLOOM_SECRET_KEY to the new key in every process (web server and workers), then restart them.')
      output.note('Set AGENTLOOM_SECRET_KEY to the new key below in every process (web server and workers), then restart them. It is shown only now.')
      output.result(newKey.toString('base64'))
    })
}
