/** One dispatched server-sent event (WHATWG HTML, "Interpreting an event stream"). */
export type SseEvent = {
  /** The event type: the `event:` field, or 'message' when there was none. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last event id seen on the stream so far ('' when none was ever set). */
  lastEventId: string;
};

export type SseParserHandlers = {
  onEvent: (event: SseEvent) => void;
  /** A `:` comment line such as a heartbeat, without the colon. */
  onComment?: (text: string) => void;
  /** A valid `retry:` field, in milliseconds. */
  onRetry?: (milliseconds: number) => void;
  /**
   * A block that set an id but carried no data: the standard dispatches nothing yet moves the
   * last event id, which a server uses to tell a client its position in the stream.
   */
  onPosition?: (lastEventId: string) => void;
};

export type SseParser = {
  /** Feeds decoded text; chunks may split lines and events anywhere. */
  feed: (text: string) => void;
  /** The stream ended: an event without its terminating blank line is discarded, as the standard says. */
  end: () => void;
};

/** A parser for `text/event-stream`: fields id, event, data and retry, comments, multi-line data, CR/LF/CRLF. */
export function createSseParser(handlers: SseParserHandlers): SseParser {
  let buffer = '';
  let first = true;
  let pendingCr = false;
  let data = '';
  let hasData = false;
  let eventType = '';
  let lastEventId = '';
  let idInBlock = false;

  const dispatch = () => {
    const sawId = idInBlock;
    idInBlock = false;
    if (!hasData) {
      eventType = '';
      if (sawId) handlers.onPosition?.(lastEventId);
      return;
    }
    const event: SseEvent = {
      event: eventType || 'message',
      data: data.endsWith('\n') ? data.slice(0, -1) : data,
      lastEventId,
    };
    data = '';
    hasData = false;
    eventType = '';
    handlers.onEvent(event);
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) {
      handlers.onComment?.(line.slice(1).replace(/^ /, ''));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data += `${value}\n`;
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) {
          lastEventId = value;
          idInBlock = true;
        }
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored
    }
  };

  return {
    feed(text) {
      let chunk = text;
      if (first && chunk.length > 0) {
        first = false;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      // A CR that ended the previous chunk already ended its line; a LF right after it is the same break.
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = false;
      buffer += chunk;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 < buffer.length) {
            if (buffer[index + 1] === '\n') index += 1;
          } else {
            pendingCr = true;
          }
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      data = '';
      hasData = false;
      eventType = '';
      idInBlock = false;
    },
  };
}
