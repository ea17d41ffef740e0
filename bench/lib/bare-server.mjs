// A bare Fastify route in a process of its own (the API bench's baseline): `node bare-server.mjs PORT`.
// It prints "ready" once it listens and stops on SIGTERM.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3391);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'OK', data: [] }));
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
