import net from 'node:net';

/**
 * Integration tests talk to nothing but this machine: a connection to any other host fails loudly.
 * (The PostgreSQL of TEST_DATABASE_URL listens on loopback.)
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '']);

function isLocal(host: string | undefined): boolean {
  if (host === undefined) return true;
  return LOCAL_HOSTS.has(host) || host.startsWith('127.') || host.startsWith('/');
}

function targetOf(args: unknown[]): string | undefined {
  const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    return options.path ?? options.host;
  }
  if (typeof first === 'number') return typeof args[1] === 'string' ? args[1] : undefined;
  return typeof first === 'string' ? first : undefined;
}

type Connect = (this: net.Socket, ...args: unknown[]) => net.Socket;
const prototype = net.Socket.prototype as unknown as { connect: Connect };
const originalConnect: Connect = prototype.connect;

prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
  const host = targetOf(args);
  if (!isLocal(host)) throw new Error(`Outbound network is blocked in tests (tried ${String(host)})`);
  return originalConnect.apply(this, args);
};
