import { describe, expect, it } from 'vitest'
import { CliError } from './cli-io'
import { splitVersion } from './eval-command'

describe('agentloom eval target', () => {
  it('reads name@version, a name alone, and a name with @ inside', () => {
    expect(splitVersion('Replier@3')).toEqual({ name: 'Replier', version: 3 })
    expect(splitVersion('Replier')).toEqual({ name: 'Replier' })
    expect(splitVersion('team@work@2')).toEqual({ name: 'team@work', version: 2 })
  })

  it('refuses a version that is not a whole number from 1', () => {
    expect(() => splitVersion('Replier@0')).toThrow(CliError)
    expect(() => splitVersion('Replier@latest')).toThrow(/whole number/)
  })
})
