import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { verifyFileSignature } from '@intranet/platform-storage';
import { cleanContent, personOf, plainText, seenBy, toFile } from './mapping.ts';

const SECRET = '0123456789abcdef-secret';
const CLIENT = '0190f5e0-0000-7000-8000-000000000001';

describe('chat mapping (pure)', () => {
  it('cleanContent keeps formatting and links (opened safely), drops scripts, handlers and javascript: URLs', () => {
    assert.equal(cleanContent(' <p onclick="x()">Hi <b>all</b><script>alert(1)</script></p> '), '<p>Hi <b>all</b></p>');
    assert.equal(cleanContent('<a href="javascript:alert(1)">x</a>'), '<a target="_blank" rel="noopener noreferrer">x</a>');
    assert.equal(cleanContent('<a href="https://e.com">e</a>'), '<a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a>');
  });

  it("cleanContent is the platform message policy with chat's options: no headings, no mention markup", () => {
    assert.equal(cleanContent('<h1>T</h1><span class="m" data-mention="u" data-id="1">s</span>'), 'T<span>s</span>');
    assert.equal(cleanContent('<a href="https://e.com" data-id="1">e</a>'), '<a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a>');
  });

  it('plainText: the visible text (tags out, entities decoded, spaces collapsed); empty markup is empty', () => {
    assert.equal(plainText('<p>a &amp; b</p><p>c&nbsp;d</p>'), 'a & b c d');
    assert.equal(plainText('<p><br></p>'), '');
  });

  it('seenBy: read by someone other than the sender, from the two furthest read positions', () => {
    const seen = seenBy([
      { userId: 'ann', lastSeenId: '0003' },
      { userId: 'bob', lastSeenId: '0002' },
      { userId: 'cat', lastSeenId: null },
    ]);
    assert.equal(seen({ id: '0003', senderId: 'ann' }), false, 'only its sender read it');
    assert.equal(seen({ id: '0002', senderId: 'ann' }), true);
    assert.equal(seen({ id: '0003', senderId: 'bob' }), true);
    assert.equal(seenBy([])({ id: '0001', senderId: 'ann' }), false);
  });

  it('toFile: URLs signed with the platform signer (the gateway verifies them), the thumbnail too', () => {
    const f = toFile({ key: `${CLIENT}/chat/a.png`, fileName: 'a.png', mimetype: 'image/png', size: 3, thumbKey: `${CLIENT}/chat/a.png.thumb.webp` }, SECRET);
    const check = (url: string, key: string) => {
      const u = new URL(url, 'http://portal');
      assert.equal(u.pathname, `/api/files/${key}`);
      assert.equal(verifyFileSignature(SECRET, key, Number(u.searchParams.get('exp')), u.searchParams.get('sig')!), true);
    };
    check(f.url, `${CLIENT}/chat/a.png`);
    assert.equal(f.file, f.url);
    check(f.thumb!, `${CLIENT}/chat/a.png.thumb.webp`);
    assert.equal(toFile({ key: `${CLIENT}/chat/b.txt`, fileName: 'b.txt', mimetype: 'text/plain', size: 1, thumbKey: null }, SECRET).thumb, null);
  });

  it('personOf: the projection row (first and last name, else the full name; the deletion mark)', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    assert.deepEqual(personOf({ _id: 'u1', firstName: 'Ann', lastName: 'Lee', fullName: 'x', avatar: null, deletion_mark: true }, 'c1', at), {
      id: 'u1',
      clientId: 'c1',
      name: 'Ann Lee',
      avatar: null,
      deleted: true,
      version: at,
    });
    assert.equal(personOf({ _id: 'u2', fullName: 'Bob B' }, 'c1', at).name, 'Bob B');
  });
});
