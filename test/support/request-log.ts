import { onTestFinished } from 'vitest';
import { server } from './mock-backend';

export interface LoggedRequest {
  method: string;
  url: URL;
  authorization: string | null;
}

/** Every request the app sends during the current test, as MSW saw it. */
export function logRequests(): LoggedRequest[] {
  const log: LoggedRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    log.push({ method: request.method, url: new URL(request.url), authorization: request.headers.get('Authorization') });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return log;
}
