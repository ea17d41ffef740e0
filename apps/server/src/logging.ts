import { logSerializers } from '@propdesk/server-kit';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import type { AppConfig } from './config.js';

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  'body.password',
  '*.password',
  'token',
  '*.token',
];

/**
 * The logger: JSON lines on standard output (or `stream`), secrets redacted from whatever the code
 * logs. Lines are written in batches, off the request's path: once 4 KiB are queued or every
 * quarter second, whichever comes first, and whatever is queued when the process exits (pino
 * flushes on exit). A write per line cost a busy server as much as the line itself.
 */
export function loggerOptions(config: AppConfig, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    // Fastify types its serializers' answers as its own shapes; ours are narrower on purpose.
    serializers: logSerializers as never,
    stream: stream ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 }),
  };
}

/** How the request lines are kept (docs/operations.md, "Logs"). */
export type RequestLogOptions = {
  /** One in this many quick, successful reads gets its line; 1 logs every request. */
  sample: number;
  /** An answer slower than this always gets its line. */
  slowMs?: number;
  /** How often the summary line of every request (logged or not) is written. */
  summaryEveryMs?: number;
};

type Tally = { count: number; unlogged: number; byClass: Record<string, number>; slowestMs: number };
const emptyTally = (): Tally => ({ count: 0, unlogged: 0, byClass: {}, slowestMs: 0 });

/**
 * One line per request, when its answer has gone: request id, method, path (without the query
 * string), route, status and milliseconds, instead of Fastify's two (incoming, completed). Errors
 * still get their own line from the error handler. The line holds only these fields, shaped by the
 * serializers, so it skips the redaction pass every other line pays (half a line's cost); a
 * request that ends in a stream error is logged as before, redacted, at error level.
 *
 * Every write, every answer of 400 and more, and every slow answer gets its line; of the quick,
 * successful reads (GET, HEAD), one in `sample` does, marked `"sample": n` (issue 26: a line cost a
 * signed-in read as much as the rest of the call). A summary line counts every request of the last
 * period, logged or not, by status class, with the slowest time.
 */
export class RequestLogController extends LogController {
  private lines: FastifyBaseLogger | undefined;
  private reads = 0;
  private tally = emptyTally();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly sample: number;
  private readonly slowMs: number;
  private readonly summaryEveryMs: number;

  constructor({ sample, slowMs = 1000, summaryEveryMs = 60_000 }: RequestLogOptions) {
    super({ requestIdLogLabel: 'reqId' });
    this.sample = Math.max(1, Math.floor(sample));
    this.slowMs = slowMs;
    this.summaryEveryMs = summaryEveryMs;
  }

  /** The app's logger, once it exists; the summary line starts. */
  attach(logger: FastifyBaseLogger): void {
    this.lines = logger.child({}, { redact: { paths: [] } });
    if (this.sample > 1 && !this.timer) {
      this.timer = setInterval(() => this.summarise(), this.summaryEveryMs);
      this.timer.unref();
    }
  }

  /** Writes the last summary and stops the timer (the app's onClose). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.summarise();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || !this.lines) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    const tally = this.tally;
    tally.count += 1;
    const statusClass = `${Math.floor(status / 100)}xx`;
    tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
    if (responseTime > tally.slowestMs) tally.slowestMs = responseTime;
    const sampled = this.sample > 1 && status < 400 && responseTime < this.slowMs && (request.method === 'GET' || request.method === 'HEAD');
    if (sampled) {
      this.reads += 1;
      if (this.reads % this.sample !== 0) {
        tally.unlogged += 1;
        return;
      }
      this.lines.info({ reqId: request.id, req: request, res: reply, responseTime, sample: this.sample }, 'request completed');
      return;
    }
    this.lines.info({ reqId: request.id, req: request, res: reply, responseTime }, 'request completed');
  }

  private summarise(): void {
    const tally = this.tally;
    if (tally.count === 0 || !this.lines) return;
    this.tally = emptyTally();
    this.lines.info(
      { requests: { count: tally.count, ...tally.byClass, unlogged: tally.unlogged }, slowestMs: Math.round(tally.slowestMs), sample: this.sample },
      'requests since the last summary',
    );
  }
}

type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger (`request.log`), made only when something logs through it: the request line
 * above names the request id itself, so most requests never need the pino child Fastify would
 * otherwise make for each of them.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  fatal(...args: LogArguments): void {
    this.made.fatal(...args);
  }

  error(...args: LogArguments): void {
    this.made.error(...args);
  }

  warn(...args: LogArguments): void {
    this.made.warn(...args);
  }

  info(...args: LogArguments): void {
    this.made.info(...args);
  }

  debug(...args: LogArguments): void {
    this.made.debug(...args);
  }

  trace(...args: LogArguments): void {
    this.made.trace(...args);
  }

  silent(...args: LogArguments): void {
    this.made.silent(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger, made on its first use. */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
