import { AzureOpenAI, OpenAI } from 'openai'
import { describe, expect, it } from 'vitest'
import { ChatClientInitializationError } from '../../errors'
import { connectOpenAI, DEFAULT_OPENAI_MODEL } from './connection'

describe('connectOpenAI', () => {
  it('refuses to start without an API key and names OPENAI_API_KEY', () => {
    expect(() => connectOpenAI({ env: {} })).toThrow(ChatClientInitializationError)
    expect(() => connectOpenAI({ env: { OPENAI_API_KEY: '  ' } })).toThrow(/OPENAI_API_KEY/)
  })

  it('reads key, base URL, model, organization and project from the given env', () => {
    const { sdk, model } = connectOpenAI({
      env: {
        OPENAI_API_KEY: 'env-key',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        OPENAI_MODEL: 'llama3',
        OPENAI_ORG_ID: 'org-1',
        OPENAI_PROJECT_ID: 'proj-1',
      },
    })
    expect(sdk).toBeInstanceOf(OpenAI)
    expect(sdk.apiKey).toBe('env-key')
    expect(sdk.baseURL).toBe('http://127.0.0.1:9/v1')
    expect(sdk.organization).toBe('org-1')
    expect(sdk.project).toBe('proj-1')
    expect(model).toBe('llama3')
  })

  it('prefers explicit options over the env and defaults the model', () => {
    const { sdk, model } = connectOpenAI({
      apiKey: 'option-key',
      baseURL: 'http://127.0.0.1:8/v1',
      maxRetries: 5,
      timeoutMs: 1234,
      env: { OPENAI_API_KEY: 'env-key', OPENAI_BASE_URL: 'http://elsewhere.test/v1' },
    })
    expect(sdk.apiKey).toBe('option-key')
    expect(sdk.baseURL).toBe('http://127.0.0.1:8/v1')
    expect(sdk.maxRetries).toBe(5)
    expect(sdk.timeout).toBe(1234)
    expect(model).toBe(DEFAULT_OPENAI_MODEL)
  })

  it('uses a ready-made package client as is', () => {
    const existing = new OpenAI({ apiKey: 'k', baseURL: 'http://127.0.0.1:7/v1' })
    expect(connectOpenAI({ client: existing, model: 'm', env: {} })).toEqual({ sdk: existing, model: 'm' })
  })

  describe('Azure', () => {
    const azure = { endpoint: 'https://res.openai.azure.com/', deployment: 'dep', apiVersion: '2024-10-21', apiKey: 'az' }

    it('builds an AzureOpenAI client whose default model is the deployment', () => {
      const { sdk, model } = connectOpenAI({ azure, env: {} })
      expect(sdk).toBeInstanceOf(AzureOpenAI)
      expect(sdk.baseURL).toBe('https://res.openai.azure.com/openai')
      expect(model).toBe('dep')
    })

    it('falls back to the AZURE_OPENAI_* env names', () => {
      const { sdk, model } = connectOpenAI({
        azure: {},
        env: {
          AZURE_OPENAI_ENDPOINT: 'https://env-res.openai.azure.com',
          AZURE_OPENAI_DEPLOYMENT_NAME: 'env-dep',
          AZURE_OPENAI_API_VERSION: '2025-04-01-preview',
          AZURE_OPENAI_API_KEY: 'env-az',
        },
      })
      expect(sdk.baseURL).toBe('https://env-res.openai.azure.com/openai')
      expect((sdk as AzureOpenAI).apiVersion).toBe('2025-04-01-preview')
      expect(model).toBe('env-dep')
    })

    it('accepts an Entra ID token provider instead of a key', () => {
      const { sdk } = connectOpenAI({
        azure: { ...azure, apiKey: undefined, azureADTokenProvider: async () => 'token' },
        env: { AZURE_OPENAI_API_KEY: 'ignored-env-key' },
      })
      expect(sdk).toBeInstanceOf(AzureOpenAI)
    })

    it.each([
      [{ ...azure, endpoint: undefined }, /AZURE_OPENAI_ENDPOINT/],
      [{ ...azure, apiVersion: undefined }, /AZURE_OPENAI_API_VERSION/],
      [{ ...azure, apiKey: undefined }, /AZURE_OPENAI_API_KEY/],
      [{ ...azure, deployment: undefined }, /AZURE_OPENAI_DEPLOYMENT_NAME/],
    ])('names the missing setting (%#)', (options, message) => {
      expect(() => connectOpenAI({ azure: options, env: {} })).toThrow(ChatClientInitializationError)
      expect(() => connectOpenAI({ azure: options, env: {} })).toThrow(message)
    })
  })
})
