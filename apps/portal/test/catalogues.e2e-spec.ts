import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, jest } from '@jest/globals';
import { browserSpec, signIn } from '@intranet/portal-testing/e2e';

/**
 * Issue 31 §3 "switching the language loads one catalogue per namespace": a page fetches only the catalogue files of
 * the language it shows (`libs/<domain>/web/locales/<lng>/<ns>.json`, one chunk each), and a switch of language
 * fetches the new language's file once per namespace in use — never the third language, never a file twice.
 * Catalogue chunks are recognised by their content: the bundler inlines each file as `JSON.parse('<its JSON>')`.
 */
const LIBS = join(import.meta.dirname, '../../../libs');

/** Every catalogue file: `<ns>/<lng>` → the opening of its minified JSON (what its chunk carries). */
function catalogueSignatures(): Map<string, string> {
  const out = new Map<string, string>();
  // Every domain web's, and the shell's own (libs/web/i18n: common, shell, errors, codes).
  for (const dir of [...readdirSync(LIBS).map((domain) => join(LIBS, domain, 'web/locales')), join(LIBS, 'web/i18n/locales')]) {
    let langs: string[];
    try {
      langs = readdirSync(dir);
    } catch {
      continue;
    }
    for (const lng of langs)
      for (const file of readdirSync(join(dir, lng)).filter((f) => f.endsWith('.json')))
        out.set(`${file.replace(/\.json$/, '')}/${lng}`, JSON.stringify(JSON.parse(readFileSync(join(dir, lng, file), 'utf8'))).slice(0, 80));
  }
  return out;
}

jest.setTimeout(180_000);
describe('translation catalogues load per language (issue 31 §3)', () => {
  const spec = browserSpec(['shell/index.html', 'polls/mf-manifest.json']);
  const signatures = catalogueSignatures();

  it('every catalogue file is recognisable by its opening', () => {
    assert.ok(signatures.size >= 30, `only ${signatures.size} catalogue files found`);
    const seen = new Map<string, string>();
    for (const [name, sig] of signatures) {
      assert.equal(seen.get(sig), undefined, `${name} opens like ${seen.get(sig)}`);
      seen.set(sig, name);
    }
  });

  it('an en page fetches only en catalogues; switching to ru fetches each namespace in use once in ru, none in uk', async () => {
    const w = await spec.workspace('langs', 'Languages Ltd');
    await w.addUser({ firstName: 'Ann', email: 'ann@langs.test' });
    const { ctx, page } = await spec.newPage();
    const fetched: string[] = [];
    const reads: Promise<void>[] = [];
    page.on('response', (r) => {
      if (!new URL(r.url()).pathname.endsWith('.js')) return;
      reads.push(
        r
          .text()
          .then((body) => {
            const text = body.replace(/\\'/g, "'");
            for (const [name, sig] of signatures) if (text.includes(sig)) fetched.push(name);
          })
          .catch(() => undefined),
      );
    });
    const settled = async () => {
      await page.waitForLoadState('networkidle');
      await Promise.all(reads);
    };

    await signIn(page, 'ann@langs.test', 'employee1');
    await page.goto('/polls');
    await page.getByTestId('polls-page').waitFor();
    await settled();
    const en = [...fetched];
    assert.ok(en.includes('polls/en'), `the polls page fetched no polls/en catalogue: ${en.join(', ')}`);
    assert.deepEqual(
      en.filter((n) => !n.endsWith('/en')),
      [],
      'an en page fetched catalogues of another language',
    );

    fetched.length = 0;
    await page.getByTestId('language-select').first().selectOption('ru');
    await page.getByRole('heading', { name: 'Опросы' }).waitFor();
    await settled();
    // The en pages were two loads (the wall at sign-in, then /polls): the second takes the shell's catalogue chunks
    // from the browser's cache (content-hashed files are immutable), and those responses are seen again, so a
    // namespace may appear twice in `en`. The switch, within one page, must fetch each namespace's ru file once.
    const namespacesInUse = [...new Set(en.map((n) => n.replace(/\/en$/, '')))].sort();
    assert.deepEqual([...fetched].sort(), namespacesInUse.map((ns) => `${ns}/ru`).sort(), 'the switch fetched other than one ru file per namespace in use');
    await ctx.close();
  });
});
