import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { apiCaller, loginCaller, signIn, startBrowserPortal, SUPERADMIN, type BrowserPortal } from '@intranet/portal-testing/e2e';

/**
 * DESIGN §8 in the browser: a remote whose code cannot be loaded shows its screen's error block with Retry while the
 * shell keeps working (the MF runtime plugin's errorLoadRemote, apps/shell/src/remotes.tsx); once the remote is back,
 * Retry loads the screen without a page reload.
 */
jest.setTimeout(180_000);
describe('a remote that is down: error block with Retry, the shell keeps working', () => {
  let e: BrowserPortal;
  const api = apiCaller(() => e.portal.url);
  const login = loginCaller(api);

  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html', 'kb/mf-manifest.json']);
  });
  afterAll(() => e?.close());

  it('the knowledge base remote down, then back', async () => {
    const su = await login(SUPERADMIN.login, SUPERADMIN.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'mfdown', name: 'MF Down', lang: 'en' });
    await api('POST', '/api/register', su.token, {
      client_id: client._id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@mfdown.test',
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      roles: ['admin'],
    });
    const { page } = await e.newPage();
    // The manifest answers (the screen is known), the remote's code does not: as a remote whose pods are gone.
    const down = /\/remotes\/kb\/.*\.js(\?|$)/;
    await page.route(down, (r) => r.abort('connectionrefused'));
    await signIn(page, 'admin@mfdown.test', 'adminpass1', { landing: /\/company\/?$/ });

    await page.goto('/articles/');
    await page.getByTestId('remote-error').waitFor();
    // Only the screen's place shows the error: the shell's header and navigation stay.
    await page.getByTestId('navbar').waitFor();
    await page.getByTestId('current-user').waitFor();

    await page.unroute(down);
    await page.getByTestId('remote-error-retry').click();
    await page.getByTestId('kb-new-folder').waitFor();
  });
});
