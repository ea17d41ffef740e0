// The webhook bench's receiver, in a process of its own (as a real receiver is another system: its
// parsing must not be counted against the server's own calls). Answers 204 at once and notes when
// each delivery id arrived and how often. Driven over IPC by its parent: `stats`, `reset`, `close`.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const seen = new Map();
let duplicates = 0;
const delays = [];
let last = 0;

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const now = Date.now();
    const id = request.headers['x-propdesk-delivery'];
    if (seen.has(id)) duplicates += 1;
    else {
      seen.set(id, now);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      delays.push(now - Date.parse(body.occurredAt));
    }
    last = now;
    response.writeHead(204).end();
  });
});

// Connections open at once: the sender's concurrent sends (its agent keeps one connection per send in flight).
let open = 0;
let peak = 0;
server.on('connection', (socket) => {
  open += 1;
  peak = Math.max(peak, open);
  socket.on('close', () => {
    open -= 1;
  });
});

process.on('message', (message) => {
  if (typeof message === 'object' && message && 'delaysFrom' in message) process.send({ delays: delays.slice(message.delaysFrom) });
  else if (message === 'peak') process.send({ peak });
  else if (message === 'stats') process.send({ received: seen.size, duplicates, delays, last });
  else if (message === 'count') process.send({ received: seen.size });
  else if (message === 'reset') {
    seen.clear();
    duplicates = 0;
    delays.length = 0;
    process.send({ reset: true });
  } else if (message === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});

server.listen(port, '127.0.0.1', () => process.send({ listening: true }));
