// Child process of bench/run.ts: the bare Express route every page's throughput is compared with.
import express from 'express';
import type { AddressInfo } from 'node:net';

const app = express().get('/', (_req, res) => {
  res.send('hello');
});
const server = app.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
