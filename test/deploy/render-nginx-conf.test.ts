// @vitest-environment node
// deploy/render-nginx-conf.ts: what it refuses to put in the config. (nginx itself runs the rendered
// config in test/e2e/nginx.spec.ts.)
import { expect, test } from 'vitest';
import { renderNginxConf, SYSTEM_CA_BUNDLE } from '../../deploy/render-nginx-conf';

test('the renderer takes a trusted-CA path only when absolute and harmless to the config, and no https API by IP address', () => {
  const options = { root: '/srv/social/dist', listen: 8080, api: 'https://api.example.com' };
  const conf = renderNginxConf(options);
  expect(conf).toContain(`proxy_ssl_trusted_certificate ${SYSTEM_CA_BUNDLE};`);
  expect(conf).toMatch(/^\s*proxy_ssl_verify on;$/m);
  expect(conf, 'a placeholder left unfilled').not.toMatch(/@[A-Z_]+@/);
  expect(renderNginxConf({ ...options, trustedCa: '/etc/social/private-ca.pem' })).toContain('proxy_ssl_trusted_certificate /etc/social/private-ca.pem;');
  for (const trustedCa of ['private-ca.pem', '/etc/ca.pem; include /etc/passwd', '/etc/my ca.pem', '/etc/{ca}.pem', '/etc/$ca.pem', "/etc/'ca'.pem", '/etc/ca.pem#x']) {
    expect(() => renderNginxConf({ ...options, trustedCa }), trustedCa).toThrow(/--trusted-ca/);
  }
  for (const api of ['https://127.0.0.1:8443', 'https://[::1]:8443']) {
    expect(() => renderNginxConf({ ...options, api }), api).toThrow(/host name/);
  }
  // Plain http by address stays allowed (the mock, an API on the same machine): nothing to verify.
  expect(renderNginxConf({ ...options, api: 'http://127.0.0.1:8787' })).toContain('proxy_pass http://127.0.0.1:8787/v2/;');
});
