import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, it } from '@jest/globals';
// The catalogues themselves (their packages export only pages); a spec may read them directly.
/* eslint-disable @nx/enforce-module-boundaries */
import { CLIENT_FONTS } from '../../../libs/clients/contract/src/index.ts';
/* eslint-enable @nx/enforce-module-boundaries */
import { NOTIFICATION_TYPE_WORDING } from '@intranet/notifications-contract/wording';
import { i18n, initI18n, LANGUAGES, loadLanguage, type Language } from '@intranet/web-i18n';

const GLOSSARY = fileURLToPath(new URL('../../../docs/glossary.md', import.meta.url));
const LIBS = fileURLToPath(new URL('../../../libs', import.meta.url));

/** The domains' catalogue files (`libs/<domain>/web/locales/<lng>/<namespace>.json`), every language, into i18n. */
function addCatalogueFiles(): void {
  for (const domain of readdirSync(LIBS)) {
    const dir = `${LIBS}/${domain}/web/locales`;
    if (!existsSync(dir)) continue;
    for (const lng of LANGUAGES)
      for (const f of readdirSync(`${dir}/${lng}`).filter((x) => x.endsWith('.json')))
        i18n.addResourceBundle(lng, f.slice(0, -5), JSON.parse(readFileSync(`${dir}/${lng}/${f}`, 'utf8')), true, false);
  }
}

/** The rows of docs/glossary.md's "Rejected variants" table: language, rejected wording, the chosen one. */
function rejectedVariants(markdown: string): { lang: string; rejected: string; instead: string }[] {
  const section = markdown.split(/^## Rejected variants$/m)[1] ?? '';
  return section
    .split('\n')
    .map((line) => line.split('|').map((c) => c.trim()))
    .filter((c) => c.length === 5 && (LANGUAGES as readonly string[]).includes(c[1]!))
    .map((c) => ({ lang: c[1]!, rejected: c[2]!, instead: c[3]! }));
}

/** Every text of a catalogue with its key path (nested objects walked). */
function texts(node: unknown, path: string, out: { key: string; text: string }[] = []): { key: string; text: string }[] {
  if (typeof node === 'string') out.push({ key: path, text: node });
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) texts(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** `phrase` as a whole word or phrase (no letter or digit glued to either end), case-sensitive. */
const wholeWord = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

describe('one glossary per language (issue 29 §21, docs/glossary.md)', () => {
  initI18n({ lng: 'en' });
  addCatalogueFiles();
  // The notification types' wording lives in the notifications contract (the server words e-mails with it too).
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, 'notificationTypes', NOTIFICATION_TYPE_WORDING[lng], true, false);
  // ru and uk are fetched on demand (only en is built in).
  beforeAll(() => Promise.all(LANGUAGES.map((l) => loadLanguage(l))));

  it('no catalogue (the shell’s and every domain’s) uses a variant the glossary rejects for its language', () => {
    const rules = rejectedVariants(readFileSync(GLOSSARY, 'utf8'));
    for (const l of LANGUAGES) assert.ok(rules.filter((r) => r.lang === l).length >= 3, `the glossary's rejected list has no ${l} rows: the table is broken`);
    const found: string[] = [];
    for (const lng of LANGUAGES) {
      const all = Object.entries(i18n.store.data[lng] ?? {}).flatMap(([ns, bundle]) => texts(bundle, ns));
      assert.ok(all.length > 1000, `${lng}: only ${all.length} texts loaded`);
      for (const r of rules.filter((x) => x.lang === lng)) {
        const re = wholeWord(r.rejected);
        for (const { key, text } of all) if (re.test(text)) found.push(`${lng} ${key}: "${text}" uses "${r.rejected}" (use "${r.instead}")`);
      }
    }
    assert.deepEqual(found, []);
  });

  it('the rejected-variant check matches whole words only, case-sensitive', () => {
    assert.equal(wholeWord('Пост').test('Посты'), false);
    assert.equal(wholeWord('Пост').test('Новый Пост.'), true);
    assert.equal(wholeWord('страница больше не актуальна').test('Страница больше не актуальна'), false);
    assert.equal(wholeWord('page no longer relevant').test('The page no longer relevant'), true);
  });

  it('a font list names each entry once in every language (the system font and the families)', () => {
    for (const lng of LANGUAGES as readonly Language[]) {
      // As the design tab labels them: the browser's own font by the catalogue, the others by their family.
      const labels = CLIENT_FONTS.map((f) => (f === 'system' ? String(i18n.getResource(lng, 'clients', 'design.systemFont')) : f));
      const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
      assert.deepEqual(twice, [], `${lng}: ${labels.join(', ')}`);
    }
  });
});
