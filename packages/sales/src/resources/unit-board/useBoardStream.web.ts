import { apiUrl } from '@propdesk/api-client';
import { useEffect, useRef, useState } from 'react';
import { BOARD_RESET_EVENT, type BoardEvent } from './model.js';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** Waits between reconnects after the server refused or the network failed: 1 s, 2 s, 4 s … 30 s. */
const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

/**
 * A project's board stream (`GET /api/units/stream`), from the position the board was read at.
 * EventSource reconnects by itself after a dropped connection and sends `Last-Event-ID`, so the
 * server replays what was missed; when the server refused (it closes the source: a lost session, a
 * restart) the stream is opened again here, after a pause, from the last id seen. `onReset` asks
 * the page to read the board again (more was missed than a replay carries).
 */
export function useBoardStream(project: string | null, from: number | null, onEvent: (event: BoardEvent) => void, onReset: () => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handlers = useRef({ onEvent, onReset });
  handlers.current = { onEvent, onReset };

  useEffect(() => {
    if (!project || from === null || typeof EventSource === 'undefined') return;
    let last = from;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let closed = false;
    const open = () => {
      setState(attempt === 0 ? 'connecting' : 'reconnecting');
      const url = apiUrl(`/api/units/stream?project=${encodeURIComponent(project)}&lastEventId=${last}`);
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.onopen = () => {
        attempt = 0;
        setState('live');
      };
      current.onmessage = (message) => {
        const event = JSON.parse(message.data as string) as BoardEvent;
        if (event.seq <= last) return;
        last = event.seq;
        handlers.current.onEvent(event);
      };
      current.addEventListener(BOARD_RESET_EVENT, (message) => {
        last = Number((message as MessageEvent).lastEventId) || last;
        handlers.current.onReset();
      });
      current.onerror = () => {
        if (closed) return;
        if (current.readyState === EventSource.CLOSED) {
          // Refused (not a dropped connection): open again ourselves, later.
          current.close();
          setState('reconnecting');
          timer = setTimeout(open, backoff(attempt++));
        } else setState('reconnecting');
      };
    };
    open();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [project, from]);

  return state;
}
