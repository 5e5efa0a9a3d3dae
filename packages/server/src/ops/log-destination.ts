/**
 * Where the log goes when no stream is given: standard output, written asynchronously in blocks of
 * 4 kB instead of one blocking write per line (each write cost about 6 % of a signed-in read's
 * time). A block that has not filled goes out within a quarter of a second, so an operator
 * following the log waits no longer than that; pino writes what is left when the process exits.
 */
import { pino, type DestinationStream } from 'pino';

export const LOG_FLUSH_MS = 250;

/** `dest`: standard output, or a file (the bench writes the log to /dev/null this way). */
export function logDestination(dest: number | string = 1): { stream: DestinationStream; close(): void } {
  const stream = pino.destination({ dest, sync: false, minLength: 4096 });
  // pino ends the stream as the process is about to exit (and on a broken pipe); a flush then
  // would throw, from this timer, and end the process with it.
  const ended = () => (stream as unknown as { destroyed: boolean }).destroyed;
  const timer = setInterval(() => (ended() ? clearInterval(timer) : stream.flush()), LOG_FLUSH_MS);
  timer.unref();
  return {
    stream,
    /** On close: no more timer, and the last lines written before the server says it has stopped. */
    close() {
      clearInterval(timer);
      if (!ended()) stream.flushSync();
    },
  };
}
