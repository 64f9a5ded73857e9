import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from '@jest/globals';
import codesEn from '../locales/en/codes.json' with { type: 'json' };
import { LANGUAGES } from './types.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Each catalogue set: a domain web's (`libs/<domain>/web/locales/<lng>/<namespace>.json`, its keys used by its own
 * sources) and the shell's own (`libs/web/i18n/locales`: common, shell, errors — used by the shell, the web
 * libraries and every domain web as `common:…`; its `codes` are checked by codes.spec;
 * its `errors`, keyed by the server's texts, are checked for completeness only).
 */
function domains(): { domain: string; dir: string; src: string[]; shell?: boolean }[] {
  const webs = readdirSync(join(root, 'libs'))
    .map((domain) => ({ domain, dir: join(root, 'libs', domain, 'web') }))
    .filter(({ dir }) => existsSync(join(dir, 'locales')))
    .map((d) => ({ ...d, src: [join(d.dir, 'src')] }));
  const shellSrc = [
    join(root, 'apps/shell/src'),
    ...['api', 'forms', 'i18n', 'session', 'ui'].map((l) => join(root, 'libs/web', l, 'src')),
    ...webs.map((w) => w.src[0]!),
  ];
  return [...webs, { domain: 'shell', dir: join(root, 'libs/web/i18n'), src: shellSrc, shell: true }];
}

/** Key paths → texts of a catalogue tree (`a.b_one` kept as it is). */
function flatten(node: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(v, path ? `${path}.${k}` : k, out);
  else out.set(path, node);
  return out;
}

const read = (file: string): Map<string, unknown> => flatten(JSON.parse(readFileSync(file, 'utf8')));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.(spec|int-spec|e2e-spec)\.tsx?$/.test(f) ? [readFileSync(p, 'utf8')] : [];
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A key is used when the domain's sources name it as a whole literal (`'members'`, `'chat:members'`) or build it
 * from a literal prefix (`` `status.${s}` `` uses every `status.*` key, `` `wd_${d}` `` every `wd_*` key).
 */
function isUsed(code: string, ns: string, key: string): boolean {
  const opt = `(?:${escape(ns)}:)?`;
  if (new RegExp(`['"\`]${opt}${escape(key)}['"\`]`).test(code)) return true;
  for (let i = key.length - 1; i > 0; i--) if (code.includes(`\`${key.slice(0, i)}\${`) || code.includes(`\`${ns}:${key.slice(0, i)}\${`)) return true;
  return false;
}

describe('domain catalogues (issue 31 §3): one file per language and namespace', () => {
  const all = domains();

  it('at least one domain has its catalogues as files', () => {
    assert.ok(all.length > 0, 'no libs/*/web/locales found: the scan is broken');
  });

  for (const { domain, dir, src, shell } of all) {
    const nss = (lng: string) =>
      readdirSync(join(dir, 'locales', lng))
        // The shell's codes are keyed by the server's codes: codes.spec checks them.
        .filter((f) => f.endsWith('.json') && !(shell && f === 'codes.json'))
        .map((f) => f.slice(0, -5))
        .sort();

    describe(domain, () => {
      const code = src.flatMap((d) => sources(d)).join('\n');
      // A domain's error codes are named by its contract (the server raises them), not by its web sources.
      const contract = join(root, 'libs', domain, 'contract', 'src');
      const codes = existsSync(contract) ? sources(contract).join('\n') : '';

      it('has ru, uk and en, each with the same namespaces, each defined in the sources', () => {
        assert.deepEqual([...readdirSync(join(dir, 'locales'))].sort().join(), [...LANGUAGES].sort().join());
        for (const lng of LANGUAGES) assert.deepEqual(nss(lng), nss('en'), `${domain}/${lng}`);
        if (!shell) for (const ns of nss('en')) assert.match(code, new RegExp(`defineNamespace\\(\\s*'${escape(ns)}'`), `${ns} is never defined`);
      });

      for (const ns of nss('en')) {
        it(`${ns}: every key in every language, non-empty, plural forms for ru/uk/en, none unused`, () => {
          const cats = Object.fromEntries(LANGUAGES.map((l) => [l, read(join(dir, 'locales', l, `${ns}.json`))]));
          const base = (k: string) => k.replace(PLURAL, '');
          const bases = new Set(LANGUAGES.flatMap((l) => [...cats[l].keys()].map(base)));
          const problems: string[] = [];
          for (const b of bases) {
            const plural = LANGUAGES.some((l) => cats[l].has(`${b}_one`) || cats[l].has(`${b}_other`));
            for (const l of LANGUAGES) {
              const forms = plural ? (l === 'en' ? ['one', 'other'] : ['one', 'few', 'many', 'other']).map((f) => `${b}_${f}`) : [b];
              for (const k of forms) {
                const v = cats[l].get(k);
                if (typeof v !== 'string' || v === '') problems.push(`${l}: missing ${ns}:${k}`);
              }
            }
            // The shell's `errors` are keyed by the server's English texts (translateServerMessage), not named in sources.
            if (!(shell && ns === 'errors') && !isUsed(/Codes$/.test(ns) ? codes : code, ns, b)) problems.push(`unused ${ns}:${b}`);
          }
          for (const l of LANGUAGES)
            for (const k of cats[l].keys()) if (!cats.en.has(k) && !(PLURAL.test(k) && bases.has(base(k)))) problems.push(`${l}: extra ${ns}:${k}`);
          assert.deepEqual(problems, []);
        });
      }
    });
  }

  it("a domain's error-code namespace (`<domain>Codes`) words only its own codes: none the shell or another domain words", () => {
    const seen = new Map<string, string>(Object.keys(codesEn).map((k) => [k.replace(PLURAL, ''), 'codes']));
    const clashes: string[] = [];
    for (const { dir, shell } of all) {
      if (shell) continue;
      for (const f of readdirSync(join(dir, 'locales', 'en')).filter((x) => /Codes\.json$/.test(x))) {
        const ns = f.slice(0, -5);
        for (const k of new Set([...read(join(dir, 'locales', 'en', f)).keys()].map((x) => x.replace(PLURAL, '')))) {
          const owner = seen.get(k);
          if (owner && owner !== ns) clashes.push(`${ns}:${k} is also worded in ${owner}`);
          seen.set(k, ns);
        }
      }
    }
    assert.deepEqual(clashes, []);
  });

  it('the unused-key scan sees literals and template prefixes only', () => {
    assert.equal(isUsed("t('members', { count })", 'chat', 'members'), true);
    assert.equal(isUsed("t('chat:members')", 'chat', 'members'), true);
    assert.equal(isUsed('t(`status.${s}`)', 'chat', 'status.open'), true);
    assert.equal(isUsed('t(`wd_${d}`)', 'chat', 'wd_MO'), true);
    assert.equal(isUsed("t('membersTitle')", 'chat', 'members'), false);
  });
});
