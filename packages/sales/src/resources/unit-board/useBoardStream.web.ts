import { expireSession, openApiEventStream, type EventStreamHandle } from '@propdesk/api-client';
import { useEffect, useRef, useState } from 'react';
import { BOARD_RESET_EVENT, type BoardEvent } from './model.js';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** Waits between reconnects after the stream stopped: 1 s, 2 s, 4 s … 30 s. */
const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

/**
 * A project's board stream (`GET /api/units/stream`), from the position the board was read at,
 * read by api-client's stream reader as the notification streams are: a 401 restores the session
 * (once for every call that met it) and asks again; a session that cannot be restored ends as every
 * expired session does. Any other stop (a dropped connection, a restart, a silent connection) opens
 * the stream again after a pause, from the last id seen, and the server replays what was missed.
 * `onReset` asks the page to read the board again (more was missed than a replay carries).
 */
export function useBoardStream(project: string | null, from: number | null, onEvent: (event: BoardEvent) => void, onReset: () => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handlers = useRef({ onEvent, onReset });
  handlers.current = { onEvent, onReset };

  useEffect(() => {
    if (!project || from === null) return;
    let last = from;
    let stream: EventStreamHandle | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let closed = false;
    const open = () => {
      setState(attempt === 0 ? 'connecting' : 'reconnecting');
      stream = openApiEventStream(`/api/units/stream?project=${encodeURIComponent(project)}&lastEventId=${last}`, {
        onOpen: () => {
          attempt = 0;
          setState('live');
        },
        onEvent: (message) => {
          if (message.event === BOARD_RESET_EVENT) {
            last = Number(message.lastEventId) || last;
            handlers.current.onReset();
            return;
          }
          if (message.event !== 'message') return;
          const event = JSON.parse(message.data) as BoardEvent;
          if (event.seq <= last) return;
          last = event.seq;
          handlers.current.onEvent(event);
        },
        onFailure: (failure) => {
          if (closed) return;
          if (failure.kind === 'unauthorized') {
            void expireSession();
            return;
          }
          setState('reconnecting');
          timer = setTimeout(open, backoff(attempt++));
        },
      });
    };
    open();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      stream?.close();
    };
  }, [project, from]);

  return state;
}
