/** 'missing' (no build), 'stale' (a source is newer than the build) or 'fresh'. */
export function buildState(root: string): 'missing' | 'stale' | 'fresh'
