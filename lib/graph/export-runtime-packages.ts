/**
 * What a standalone exported file needs besides itself and `agentloom-runtime.mjs`: the packages the
 * runtime bundle leaves out (large, or with native parts, and already pinned in package.json) at the
 * versions the app runs with. export-runtime-bundle.test.ts fails when package.json moves on.
 */
export const STANDALONE_RUNTIME_FILE = 'agentloom-runtime.mjs'

export const STANDALONE_PACKAGES: Readonly<Record<string, string>> = {
  openai: '7.57.0',
  '@modelcontextprotocol/sdk': '1.32.2',
  ws: '8.23.0',
  tsx: '4.23.15',
  // The native Anthropic and Gemini clients' SDKs (Gemini's pulls in google-auth-library and protobufjs).
  '@anthropic-ai/sdk': '1.16.0',
  '@google/genai': '2.32.0',
}

/** The one line a person runs in the folder of an exported file. */
export const STANDALONE_INSTALL = `npm install ${Object.entries(STANDALONE_PACKAGES)
  .map(([name, version]) => `${name}@${version}`)
  .join(' ')}`
