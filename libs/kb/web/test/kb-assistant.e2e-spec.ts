// @slow 7s: the employee administration's AI settings tab and a streamed answer on the knowledge base page.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { kbRoutes } from '@intranet/kb-contract';
import { browserSpec, signIn } from '@intranet/portal-testing/e2e';
import { fakeOpenAi } from '@intranet/kb-server/fake-openai';

jest.setTimeout(180_000);
/**
 * Issue 37 in the browser: an administrator connects a model in employee administration → AI settings (widget slot
 * `employees:ai` from the kb remote), asks the assistant on /articles/ and sees the answer stream in with its source
 * as a link to the article, which opens.
 */
describe('kb AI assistant in the browser', () => {
  const spec = browserSpec(['shell/index.html', 'kb/mf-manifest.json', 'admin/mf-manifest.json']);
  let fake: Awaited<ReturnType<typeof fakeOpenAi>>;
  beforeAll(async () => {
    fake = await fakeOpenAi(() => 'Use the service desk form IT-7 to order it [1].', 6);
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('AI settings connect a model; a question streams an answer with its source link', async () => {
    const w = await spec.workspace('aiweb', 'AI Web Co');
    const article = await spec.api<{ _id: string }>('POST', kbRoutes.articleCreate.path, w.admin.token, {
      section: 'kb',
      title: 'Ordering a laptop',
      content: '<p>Order a new laptop through the service desk, form IT-7.</p>',
    });

    const { page } = await spec.newPage();
    await signIn(page, 'admin@aiweb.test', 'adminpass1');

    // Employee administration → AI settings: not set up, then connected.
    await page.goto('/employees');
    await page.getByTestId('employees-page').waitFor();
    await page.getByTestId('tab-ai').click();
    await page.getByTestId('ai-settings').waitFor({ timeout: 20_000 });
    await page
      .getByTestId('ai-ready')
      .getByText(/not set up/)
      .waitFor();
    await page.getByTestId('ai-industry').fill('Logistics');
    await page.getByTestId('ai-baseUrl').fill(fake.baseUrl);
    await page.getByTestId('ai-model').fill('fake-1');
    await page.getByTestId('ai-apiKey').fill('sk-browser-key');
    await page.getByTestId('ai-save').click();
    await page.getByTestId('ai-ready').getByText('The assistant is ready.').waitFor();

    // The knowledge base: ask, see the streamed answer and the source link.
    await page.goto('/articles/');
    await page.getByTestId('assistant').waitFor({ timeout: 20_000 });
    await page.getByTestId('assistant-question').fill('How do I order a new laptop?');
    await page.getByTestId('assistant-ask').click();
    await page.getByTestId('assistant-answer').getByText('Use the service desk form IT-7 to order it [1].').waitFor();
    const source = page.getByTestId('assistant-source');
    await source.waitFor();
    assert.equal(await source.textContent(), 'Ordering a laptop');
    assert.equal(await source.getAttribute('href'), `/article/${article._id}`);
    assert.equal(fake.calls.at(-1)!.authorization, 'Bearer sk-browser-key');
    await source.click();
    await page.waitForURL((u) => u.pathname === `/article/${article._id}`);
  });
});
