import net from 'node:net';

/**
 * Integration tests talk to nothing but this machine: any connection to another host fails loudly.
 * (The PostgreSQL of TEST_DATABASE_URL listens on loopback.)
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '']);

function isLocal(host: string | undefined): boolean {
  if (host === undefined) return true;
  return LOCAL_HOSTS.has(host) || host.startsWith('127.') || host.startsWith('/');
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0];
  let host: string | undefined;
  if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
    const options = first as { host?: string; path?: string };
    host = options.path ?? options.host;
  } else if (typeof first === 'number') {
    host = typeof args[1] === 'string' ? args[1] : undefined;
  } else if (Array.isArray(first)) {
    const options = first[0] as { host?: string; path?: string } | undefined;
    host = options?.path ?? options?.host;
  }
  if (!isLocal(host)) {
    throw new Error(`Outbound network is blocked in tests (tried ${String(host)})`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
