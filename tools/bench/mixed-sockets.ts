/**
 * The sockets of tools/bench/mixed.ts, in a worker thread of their own: decoding every live frame for thousands of
 * sockets must not delay the thread that times the HTTP requests (the bench would otherwise measure its own event
 * loop). workerData: { base, workspace, clientId }. Messages in: { add: { token, userId }[] } opens and identifies
 * one socket per entry; { count: true } answers { live, connected } (entries received since the last count);
 * { close: true } disconnects all and answers { closed: true }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { onLiveEvents } from './lib.ts';

const { base, workspace, clientId } = workerData as { base: string; workspace: string; clientId: string };
const sockets: Socket[] = [];
let live = 0;

parentPort!.on('message', (m: { add?: { token: string; userId: string }[]; count?: boolean; close?: boolean }) => {
  for (const a of m.add ?? []) {
    const sk = io(`${base}/${workspace}`, { path: '/socket.io', transports: ['websocket'], auth: { token: a.token }, forceNew: true, timeout: 20_000 });
    sockets.push(sk);
    sk.on('connect', () => sk.emit('identify', { client_id: clientId, user_id: a.userId, timestamp: Date.now() }, () => undefined));
    onLiveEvents(sk, () => void live++);
  }
  if (m.count) {
    parentPort!.postMessage({ live, connected: sockets.filter((s) => s.connected).length });
    live = 0;
  }
  if (m.close) {
    for (const sk of sockets) sk.disconnect();
    parentPort!.postMessage({ closed: true });
  }
});
