// The entry of each worker thread of the built-in API's pool (./pool.ts). Plain
// JavaScript, because a worker thread loads it from disk, outside Next.js's bundles;
// tsx compiles the TypeScript it imports (the same sources the app is built from,
// `@/` paths read from tsconfig.json), once per worker, cached on disk by tsx.
import { tsImport } from "tsx/esm/api";

const { runTask } = await tsImport("./tasks.ts", import.meta.url);

export default runTask;
