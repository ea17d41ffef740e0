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

/**
 * One line per request, when its answer has gone: request id, method, path (without the query
 * string), route, status and milliseconds, instead of Fastify's two (incoming, completed). Errors
 * still get their own line from the error handler. The line holds only these fields, shaped by the
 * serializers, so it skips the redaction pass every other line pays (half a line's cost); a
 * request that ends in a stream error is logged as before, redacted, at error level.
 */
export class RequestLogController extends LogController {
  private lines: FastifyBaseLogger | undefined;

  constructor() {
    super({ requestIdLogLabel: 'reqId' });
  }

  /** The app's logger, once it exists. */
  attach(logger: FastifyBaseLogger): void {
    this.lines = logger.child({}, { redact: { paths: [] } });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || !this.lines) {
      super.requestCompleted(error, request, reply);
      return;
    }
    this.lines.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
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
