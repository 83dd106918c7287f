// Worker threads cannot load TypeScript by themselves: register tsx, then load the real worker.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.module);
