import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { i18n, initI18n, LANGUAGES, loadLanguage } from '@intranet/web-i18n';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = [
  'apps/shell/src',
  'libs/people/web/src',
  'libs/clients/web/src',
  'libs/kb/web/src',
  'libs/social/web/src',
  'libs/web/ui/src',
  'libs/web/session/src',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(f) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(f) && !/i18n\.ts$/.test(f) ? [p] : [];
  });
}

/** The domains' catalogue files (`libs/<domain>/web/locales/<lng>/<namespace>.json`), every language, into i18n. */
function addCatalogueFiles(): void {
  for (const domain of readdirSync(join(root, 'libs'))) {
    const dir = join(root, 'libs', domain, 'web/locales');
    if (!existsSync(dir)) continue;
    for (const lng of LANGUAGES)
      for (const f of readdirSync(join(dir, lng)).filter((x) => x.endsWith('.json')))
        i18n.addResourceBundle(lng, f.slice(0, -5), JSON.parse(readFileSync(join(dir, lng, f), 'utf8')), true, false);
  }
}

/** Namespace handles of the domains (`export const kbText = defineNamespace('kb', …)` in their locales.ts). */
function handles(): Map<string, string> {
  const out = new Map<string, string>();
  for (const domain of readdirSync(join(root, 'libs'))) {
    const file = join(root, 'libs', domain, 'web/src/locales.ts');
    if (!existsSync(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = defineNamespace\(\s*'([\w-]+)'/g)) out.set(m[1], m[2]);
  }
  return out;
}

/** Static `t('key')` uses with the namespace the file's useTranslation names (an `ns:` prefix wins). */
function usedKeys(): { file: string; ns: string; key: string }[] {
  const out: { file: string; ns: string; key: string }[] = [];
  const namespaceOf = handles();
  for (const dir of SOURCES) {
    for (const file of files(join(root, dir))) {
      const src = readFileSync(file, 'utf8');
      const nsMatch = /useTranslation\(\s*(?:\[\s*)?['"]([\w-]+)['"]/.exec(src);
      const handle = /\b(\w+)\.useT\(\)/.exec(src);
      const ns = nsMatch?.[1] ?? (handle ? namespaceOf.get(handle[1]) : undefined) ?? 'common';
      for (const m of src.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const raw = m[1];
        const [kns, key] = raw.includes(':') ? raw.split(':') : [ns, raw];
        out.push({ file: relative(root, file), ns: kns, key });
      }
    }
  }
  return out;
}

describe('no raw keys on screen (issue 8 §2)', () => {
  initI18n({ lng: 'en' });
  addCatalogueFiles();
  // ru and uk are fetched on demand (only en is built in).
  beforeAll(() => Promise.all(LANGUAGES.map((l) => loadLanguage(l))));

  it('every static key used in the web exists, non-empty, in ru, uk and en (plural keys by their _one/_other forms)', () => {
    const missing: string[] = [];
    const uses = usedKeys();
    assert.ok(uses.length > 200, `found only ${uses.length} uses: the scan is broken`);
    for (const { file, ns, key } of uses) {
      for (const lng of LANGUAGES) {
        const v = i18n.getResource(lng, ns, key) ?? i18n.getResource(lng, ns, `${key}_other`) ?? i18n.getResource(lng, ns, `${key}_one`);
        if (typeof v !== 'string' || v === '') missing.push(`${lng} ${ns}:${key} (${file})`);
      }
    }
    assert.deepEqual([...new Set(missing)], []);
  });
});
