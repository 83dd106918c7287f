// A piscina worker's entry: worker threads cannot load TypeScript by themselves, so this registers
// tsx, then loads the real worker module (named in the pool's workerData) and hands piscina its task function.
import { register } from 'tsx/esm/api';
import { workerData } from 'piscina';

register();
const { default: task } = await import(workerData.module);
export default task;
