/**
 * `npm run mock-server [-- --port N] [--latency MS] [--draft-only]`: the mock v2 API over real HTTP
 * on 127.0.0.1 (port from --port, else MOCK_PORT, else 8787). State is in memory; a restart reseeds.
 * `--draft-only`: answers hold only what Draft 4 lists (get-post without parent_id).
 */
import { MOCK_TOKENS } from '../src/mocks/fixtures';
import { DEFAULT_MOCK_PORT, startMockHttpServer } from '../src/mocks/http-server';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

function nonNegativeInt(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) {
    console.error(`${what} must be a non-negative integer, got "${value}"`);
    process.exit(2);
  }
  return Number(value);
}

const port = nonNegativeInt(option('port'), '--port') ?? nonNegativeInt(process.env.MOCK_PORT, 'MOCK_PORT') ?? DEFAULT_MOCK_PORT;
const latencyMs = nonNegativeInt(option('latency'), '--latency') ?? 0;

const draftOnly = process.argv.slice(2).includes('--draft-only');

const server = await startMockHttpServer({ port, latencyMs, draftOnly });
console.log(`Mock v2 API listening on ${server.url}${draftOnly ? ' (Draft 4 answers only: no parent_id in get-post)' : ''}`);
console.log(`Tokens: ${Object.entries(MOCK_TOKENS).map(([who, token]) => `${who}=${token}`).join(' ')}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`Mock v2 API: ${signal}, shutting down`);
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
