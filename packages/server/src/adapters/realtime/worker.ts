/**
 * The embedded realtime server's thread: it runs the socket server and obeys the API's thread
 * (adapters/realtime/isolated.ts). Whatever happens to sockets here, the API's thread goes on.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { RealtimeServer, type RealtimeServerOptions } from './server.js';
import type { ToWorker } from './isolated.js';

const port = parentPort;
if (!port) throw new Error('realtime worker started outside a worker thread');

const server = new RealtimeServer({
  ...(workerData as Omit<RealtimeServerOptions, 'log'>),
  log: { warn: (obj, msg) => port.postMessage({ kind: 'log', obj: String((obj as { err?: unknown }).err ?? ''), msg }) },
});

port.on('message', (message: ToWorker) => {
  void (async () => {
    switch (message.kind) {
      case 'listen':
        return { port: await server.listen(message.port, message.host) };
      case 'close':
        await server.close();
        return {};
      case 'publish':
        return { delivered: server.publish(message.channels, message.event, message.data, message.exceptSocketId) };
      case 'terminate':
        return { closed: server.terminateUsers(message.userIds) };
      case 'stats':
        return { connections: server.connectionCount, subscribers: message.channel ? server.subscriberCount(message.channel) : 0 };
    }
  })().then(
    (result) => port.postMessage({ kind: 'reply', id: message.id, result }),
    (error: unknown) => port.postMessage({ kind: 'reply', id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
