// Piscina starts worker threads from plain JavaScript (the installed command registers tsx only in
// its main thread): register tsx's loader here, then hand piscina the TypeScript worker's function.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./contestWorker.ts', import.meta.url);
export default worker.default;
