/**
 * The app's one configured transport. Set once at start from the runtime config (and by tests);
 * the token getter is injected so this layer never touches storage itself.
 */
import { createTransport, type Transport, type TransportOptions } from './transport';

let current: Transport | null = null;

export function configureApi(options: TransportOptions): Transport {
  current = createTransport(options);
  return current;
}

export function api(): Transport {
  if (!current) throw new Error('The API client is used before configureApi() ran.');
  return current;
}
