/** The embedded realtime server alone in a process, for `pnpm bench realtime`: driven over IPC. */
import { RealtimeServer } from '../src/adapters/realtime/server.js';

const server = new RealtimeServer({ appId: 'bench', key: 'bench-key', secret: 'bench-secret', activityTimeout: 120, maxConnectionsPerAddress: 100_000 });
const port = await server.listen(0, '127.0.0.1');
const now = () => performance.timeOrigin + performance.now();

process.on('message', (message: { kind: string; channels?: string[] }) => {
  if (message.kind === 'stats') {
    const m = process.memoryUsage();
    process.send?.({ kind: 'stats', rss: m.rss, heapUsed: m.heapUsed, connections: server.connectionCount });
  } else if (message.kind === 'publish') {
    const sentAt = now();
    for (const channel of message.channels ?? []) server.publish([channel], 'bench.event', JSON.stringify({ sentAt }));
    process.send?.({ kind: 'published', sentAt });
  } else if (message.kind === 'stop') {
    void server.close().then(() => process.exit(0));
  }
});
process.send?.({ kind: 'ready', port });
