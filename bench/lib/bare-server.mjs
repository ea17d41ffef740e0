// A bare Fastify route in a process of its own (the API bench's baseline): `node bare-server.mjs PORT [ANSWER_FILE]`.
// `/bare` answers a tiny envelope. With ANSWER_FILE (JSON: { headers, body }), `/same` answers that body with
// those headers: the guarded call's own answer, so the two differ only in what the product does per call.
// It prints "ready" once it listens and stops on SIGTERM.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3391);
const answerFile = process.argv[3];
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'OK', data: [] }));
if (answerFile) {
  const { headers, body } = JSON.parse(readFileSync(answerFile, 'utf8'));
  app.get('/same', (_request, reply) => {
    reply.headers(headers).send(body);
  });
}
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
