// @slow 25s: three browser contexts; a service built in the browser, started and accepted; its kb article; a service request.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventuallyPasses } from '@intranet/platform-testing';
import { browserSpec, seriousViolations, signIn as signInAs } from '@intranet/portal-testing/e2e';

jest.setTimeout(180_000);
describe('services in the browser: an admin builds a 2-step service, an employee starts it, the chief accepts, the employee sees it live', () => {
  const spec = browserSpec(['shell/index.html', 'bp/mf-manifest.json', 'kb/mf-manifest.json']);
  const { api } = spec;

  const signIn = async (email: string, password: string): Promise<Page> => {
    const { page } = await spec.newPage();
    await signInAs(page, email, password);
    return page;
  };

  it('runs the service story', async () => {
    const w = await spec.workspace('bpco', 'Bp Co');
    const carl = await w.addUser({ firstName: 'Carl', email: 'chief@bpco.test', extra: { department: 'Sales' } });
    await w.addUser({ firstName: 'Emma', email: 'emma@bpco.test', extra: { department: 'Sales', chiefCode: 'chief@bpco.test' } });
    const adminToken = w.admin.token;

    // The administrator builds the service in the browser: a group, the info (§5 shown first), two steps.
    const admin = await signIn(w.admin.email, w.admin.password);
    await admin.goto('/services');
    await admin.getByTestId('bp-empty').waitFor();
    await admin.locator('#bp-group-name').fill('Office');
    await admin.getByTestId('bp-new-group').getByRole('button').click();
    await admin.getByRole('heading', { name: 'Office' }).waitFor();
    await admin.getByTestId('bp-new-service').click();
    await admin.getByTestId('bp-save-info').click();
    await admin.locator('#bp-name-error').waitFor();
    await admin.locator('#bp-name').fill('Business cards');
    await admin.locator('#bp-description').fill('Order printed business cards');
    await admin.locator('#bp-group').selectOption({ label: 'Office' });
    await admin.getByTestId('bp-save-info').click();
    await admin.waitForURL(/\/service\/[0-9a-f-]{36}/);
    const serviceId = new URL(admin.url()).pathname.split('/').pop()!;
    await admin.getByTestId('bp-steps-editor').waitFor();
    await admin.getByTestId('bp-add-step').click();
    await admin.locator('#bp-step-0-name').fill('Request');
    await admin.getByTestId('bp-step-0-add-field').click();
    await admin.locator('[id="steps.0.fields.0-name"]').fill('Name on the card');
    await admin.getByTestId('bp-add-step').click();
    await admin.locator('#bp-step-1-name').fill('Chief approves');
    // The second step's default performer is the initiator's direct chief.
    assert.equal(await admin.locator('#bp-step-1-performer-0-kind').inputValue(), 'chief');
    // A chosen employee beside him, picked with the keyboard in the shared people picker (↓ / Enter).
    await admin.getByTestId('bp-step-1-add-performer').click();
    await admin.locator('#bp-step-1-performer-1-kind').selectOption('employee');
    const search = admin.getByTestId('bp-step-1-performer-1-users-search');
    await search.fill('Carl');
    await admin.getByTestId(`bp-step-1-performer-1-users-option-${carl._id}`).waitFor();
    assert.equal(await search.getAttribute('aria-expanded'), 'true');
    await search.press('ArrowDown');
    await search.press('Enter');
    // The chip names him, and so does its remove button ("Remove Carl Tester").
    const chip = admin.getByTestId(`bp-step-1-performer-1-users-chip-${carl._id}`);
    await chip.getByRole('button', { name: /Carl Tester/ }).waitFor();
    assert.match(await chip.innerText(), /Carl Tester/);
    assert.equal(await search.inputValue(), '');
    await admin.getByTestId('bp-save-steps').click();
    // Saved: the service has its two steps (version raised).
    await eventuallyPasses(async () => assert.equal((await api<{ steps: unknown[] }>('GET', `/api/bp/${serviceId}`, adminToken)).steps.length, 2), 10_000, 100);

    // The employee finds it in the catalogue and starts a request.
    const emma = await signIn('emma@bpco.test', 'employee1');
    await emma.goto('/services');
    await emma.getByTestId(`bp-service-${serviceId}`).click();
    await emma.getByTestId('bp-tab-start').click();
    await emma.getByTestId('bp-start-form').waitFor();
    await emma.getByLabel('Name on the card').fill('Emma Tester');
    await emma.getByTestId('bp-start').click();
    await emma.waitForURL(/\/service\/request\/[0-9a-f-]{36}/);
    const requestId = new URL(emma.url()).pathname.split('/').pop()!;
    await emma.waitForFunction(() => document.querySelector('[data-testid="bp-status"]')?.getAttribute('data-status') === 'active');
    assert.deepEqual(await seriousViolations(emma), []);

    // The chief accepts in another browser context; the employee's page follows live.
    const chief = await signIn('chief@bpco.test', 'employee1');
    await chief.goto('/services?tab=tome');
    await chief.getByTestId(`bp-request-${requestId}`).waitFor();
    await chief.goto(`/service/request/${requestId}`);
    await chief.getByTestId('bp-pass-form').waitFor();
    // Declining needs a reason (§4): the server's text shows under the field.
    await chief.getByTestId('bp-decline').click();
    await chief.locator('#bp-reason-error').waitFor();
    await chief.getByTestId('bp-accept').click();
    await chief.waitForFunction(() => document.querySelector('[data-testid="bp-status"]')?.getAttribute('data-status') === 'finished');
    await emma.waitForFunction(() => document.querySelector('[data-testid="bp-status"]')?.getAttribute('data-status') === 'finished', undefined, {
      timeout: 15_000,
    });
    assert.equal(await emma.getByTestId('bp-timeline-1').getAttribute('data-result'), 'accepted');
    await emma.getByTestId('bp-save-template').waitFor();

    // The administrator names the service's knowledge-base article in the info tab; the article page then shows
    // the service (bp/ArticleServices in the kb:article slot) with a link that opens its start form.
    const article = await api<{ _id: string }>('POST', '/api/article', adminToken, {
      section: 'kb',
      title: 'Business cards handbook',
      content: '<p>How to order business cards</p>',
    });
    await admin.goto(`/service/${serviceId}`);
    await admin.getByTestId('bp-info-form').waitFor();
    await admin.getByTestId('bp-article-search').fill('handbook');
    await admin.getByTestId(`bp-article-option-${article._id}`).click();
    await admin.getByTestId('bp-article-link').getByText('Business cards handbook').waitFor();
    await admin.getByTestId('bp-save-info').click();
    await eventuallyPasses(
      async () => assert.equal((await api<{ article: string | null }>('GET', `/api/bp/${serviceId}`, adminToken)).article, article._id),
      10_000,
      100,
    );
    await emma.goto(`/article/${article._id}`);
    await emma.getByTestId(`bp-article-service-${serviceId}`).waitFor();
    assert.deepEqual(await seriousViolations(emma), []);
    await emma.getByTestId(`bp-article-start-${serviceId}`).click();
    await emma.waitForURL(new RegExp(`/service/${serviceId}\\?tab=start`));
    await emma.getByTestId('bp-start-form').waitFor();

    // The employee asks for a service the catalogue lacks (text required); the administrator reads it in the
    // service requests tab of /services/.
    await emma.goto('/services');
    await emma.getByTestId('bp-ask-form').waitFor();
    await emma.getByTestId('bp-ask-send').click();
    await emma.locator('#bp-ask-text-error').waitFor();
    await emma.getByTestId('bp-ask-text').fill('A parking place for my bike');
    await emma.getByTestId('bp-ask-send').click();
    await emma.waitForFunction(() => (document.querySelector('#bp-ask-text') as HTMLTextAreaElement | null)?.value === '');
    await admin.goto('/services?tab=asks');
    await admin.getByTestId('bp-asks').getByText('A parking place for my bike').waitFor();
    // The author's name is looked up after the list arrives ('…' meanwhile): wait for it rather than read at once.
    await admin.getByTestId('bp-asks').getByText('Emma Tester').first().waitFor({ timeout: 10_000 });
    assert.match(await admin.getByTestId('bp-asks').innerText(), /Emma Tester/);
    assert.deepEqual(await seriousViolations(admin), []);
  });

  /** A workspace `ws` (English) with its administrator Ada (admin@<ws>.test) and employee Emma (emma@<ws>.test). */
  const workspace = async (ws: string) => {
    const w = await spec.workspace(ws, `${ws} Ltd`);
    const emma = await w.addUser({ firstName: 'Emma', email: `emma@${ws}.test` });
    return { admin: w.admin, adminToken: w.admin.token, adaId: w.admin._id, emmaId: emma._id };
  };

  it('issue 29 §18, §14: the rights tab decides who starts a service; a string field counts to 50 and is refused past it, never cut; one date format', async () => {
    const { admin: ada, adminToken, adaId, emmaId } = await workspace('bprights');
    const group = await api<{ _id: string }>('POST', '/api/service_group', adminToken, { name: 'Office' });
    const svc = await api<{ _id: string }>('POST', '/api/bp', adminToken, {
      name: 'Door plate',
      description: 'A plate for your door',
      group: group._id,
      steps: [
        {
          name: 'Request',
          fields: [
            { _id: 'plate', name: 'Text on the plate', type: 'string', required: true },
            { _id: 'day', name: 'Wanted by', type: 'date', required: true },
          ],
          performers: [{ kind: 'initiator' }],
        },
        { name: 'Office makes it', fields: [], performers: [{ kind: 'employee', users: [adaId] }] },
      ],
    });

    // The administrator opens the rights tab and leaves the service to Emma only.
    const admin = await signIn(ada.email, ada.password);
    await admin.goto(`/service/${svc._id}`);
    await admin.getByTestId('bp-tab-rights').click();
    await admin.getByTestId('bp-rights-form').waitFor();
    await admin.getByTestId('bp-rights-for-all').uncheck();
    await admin.getByTestId('bp-rights-users-search').fill('Emma');
    await admin.getByTestId(`bp-rights-users-option-${emmaId}`).click();
    await admin.getByTestId(`bp-rights-users-chip-${emmaId}`).waitFor();
    await admin.getByTestId('bp-save-rights').click();
    await eventuallyPasses(
      async () => {
        const rights = await api<{ for_all: boolean; users: string[] }>('GET', `/api/bp/${svc._id}`, adminToken);
        assert.deepEqual([rights.for_all, rights.users], [false, [emmaId]]);
      },
      10_000,
      100,
    );
    assert.deepEqual(await seriousViolations(admin), []);

    // Emma may start it. The text field counts its symbols; 51 stay 51 and are refused with the §5 text.
    const emma = await signIn('emma@bprights.test', 'employee1');
    await emma.goto(`/service/${svc._id}?tab=start`);
    await emma.getByTestId('bp-start-form').waitFor();
    const plate = emma.locator('#bp-value-plate');
    await plate.fill('y'.repeat(50));
    await emma.locator('#bp-value-plate-hint').getByText('50 of 50 symbols').waitFor();
    await plate.fill('y'.repeat(51));
    assert.equal((await plate.inputValue()).length, 51, 'never cut');
    await emma.locator('#bp-value-plate-error').getByText('Max 50 symbols').waitFor();
    await emma.locator('#bp-value-day').fill('2026-12-01');
    await emma.getByTestId('bp-start').click();
    await emma.locator('#bp-value-plate-error').getByText('Max 50 symbols').waitFor();
    assert.match(emma.url(), new RegExp(`/service/${svc._id}`));
    await plate.fill('Emma Tester, room 12');
    await emma.getByTestId('bp-start').click();
    await emma.waitForURL(/\/service\/request\/[0-9a-f-]{36}/);

    // The request page: the date value in the user's locale, and one format for every moment (timeline, history).
    const step0 = emma.getByTestId('bp-timeline-0');
    await step0.getByText('1 Dec 2026').waitFor();
    const started = (await emma.getByTestId('bp-history').locator('time').first().innerText()).trim();
    assert.ok((await step0.innerText()).includes(started), `${started} in: ${await step0.innerText()}`);
    assert.doesNotMatch(await emma.getByTestId('bp-timeline').innerText(), /\d{4}-\d{2}-\d{2}/);
  });

  it('an article no service names opens without a console error (issue 29 §24)', async () => {
    const { adminToken } = await workspace('bpart');
    const article = await api<{ _id: string }>('POST', '/api/article', adminToken, {
      section: 'kb',
      title: 'Holiday rules',
      content: '<p>No service describes this</p>',
    });
    const emma = await signIn('emma@bpart.test', 'employee1');
    const errors: string[] = [];
    emma.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const asked = emma.waitForResponse((r) => r.url().includes(`/api/service/byArticle/${article._id}`));
    await emma.goto(`/article/${article._id}`);
    await emma.getByTestId('article-content').getByText('No service describes this').waitFor();
    assert.equal((await asked).status(), 200);
    assert.equal(await emma.getByTestId('bp-article-services').count(), 0);
    assert.deepEqual(errors, []);
  });
});
