import { defineConfig } from 'vitest/config';

// The bench's own tests: its pure logic (arguments, targets, the shaped link), in Node.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 15000,
  },
});
