/** The app's version, for the `User-Agent: Agentloom/<version>` header of outgoing requests. */
import packageJson from '@/package.json'

export const AGENTLOOM_VERSION: string = (packageJson as { version?: string }).version ?? '0.0.0'

export function agentloomUserAgent(version: string = AGENTLOOM_VERSION): string {
  return `Agentloom/${version}`
}
