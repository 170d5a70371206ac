import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a database server, for fault injection: `down()` drops every open
 * connection and refuses new ones (the server stopped), `hang()` drops them and accepts new ones
 * that never answer (a host gone from the network), `up()` forwards again on the same port and
 * `retarget()` sends the new connections to another server (a failover, as HAProxy does).
 */
export type TcpProxy = {
  port: number;
  down(): Promise<void>;
  hang(): Promise<void>;
  up(): Promise<void>;
  retarget(to: { host: string; port: number }): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(first: { host: string; port: number }): Promise<TcpProxy> {
  let target = first;
  const sockets = new Set<Socket>();
  let mode: 'forward' | 'hang' = 'forward';
  let server: Server | null = null;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        track(client);
        if (mode === 'hang') return;
        const upstream = connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      const closing = server;
      server = null;
      closing.close(() => resolve());
    });

  const forward = async () => {
    await stop();
    mode = 'forward';
    await listen();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    down: stop,
    async hang() {
      await stop();
      mode = 'hang';
      await listen();
    },
    up: forward,
    async retarget(to) {
      target = to;
      await forward();
    },
    close: stop,
  };
}
