import net from 'node:net';

/**
 * A loopback port nothing listens on right now: bound, then released. A server started on it
 * gets it; a client that dials it is refused.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port to listen on');
  return address.port;
}
