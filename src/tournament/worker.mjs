// Piscina starts worker threads from plain JavaScript: register tsx's TypeScript loader in the
// thread, then hand piscina the TypeScript worker's function.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./worker.ts', import.meta.url);
export default worker.default;
