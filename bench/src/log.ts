/** Progress goes to stderr: stdout carries only the JSON report. */
const started = Date.now();

export function progress(message: string): void {
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}\n`);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error);
}
