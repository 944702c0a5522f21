// Placeholder barrel created by the agent-core work so lib/core/index.ts builds; the owning engineer replaces it.
export {}
