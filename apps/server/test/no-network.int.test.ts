import net from 'node:net';
import { describe, expect, it } from 'vitest';

describe('the test sandbox', () => {
  it('blocks connections to other hosts and allows loopback', async () => {
    expect(() => net.connect({ host: '93.184.216.34', port: 80 })).toThrow(/Outbound network is blocked/);
    expect(() => net.connect(443, 'example.com')).toThrow(/Outbound network is blocked/);
    const server = net.createServer((socket) => socket.end('hi'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => undefined);
      socket.on('data', (data) => resolve(data.toString()));
      socket.on('error', reject);
    });
    expect(reply).toBe('hi');
    await new Promise((resolve) => server.close(resolve));
  });
});
