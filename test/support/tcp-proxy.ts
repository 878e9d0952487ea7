import net from 'node:net';

/**
 * A TCP proxy between the service and a server (PostgreSQL), to make the network misbehave on
 * purpose: `drop()` makes it swallow every byte both ways without closing anything (a silently
 * dropped network, not a refused one); `restore()` forwards again for new connections.
 */
export interface TcpProxy {
  port: number;
  drop(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let dropping = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk) => {
      if (!dropping) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!dropping) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    drop: () => {
      dropping = true;
    },
    restore: () => {
      dropping = false;
      // Connections that lost bytes are out of step: only new ones are trustworthy.
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
