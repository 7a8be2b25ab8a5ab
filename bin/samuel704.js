#!/usr/bin/env node
// Launcher for the installed `samuel704` command: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/index.ts');
