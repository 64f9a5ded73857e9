import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { fileKeyOf, signedLessonFiles } from './lesson-files.ts';
import { appointees } from './people.ts';

describe('lesson files and appointees (lesson-files.ts, people.ts)', () => {
  it('a file src is a storage key or one of our signed /api/files URLs of it', () => {
    assert.equal(fileKeyOf('c1/file/0190/a%20b.txt'), 'c1/file/0190/a%20b.txt');
    assert.equal(fileKeyOf('/api/files/c1/file/0190/a%20b.txt?exp=1&sig=x'), 'c1/file/0190/a b.txt');
    assert.equal(fileKeyOf('https://example.com/api/files/c1/x'), 'https://example.com/api/files/c1/x');
    assert.deepEqual(
      signedLessonFiles([{ src: '/api/files/c1/file/k.txt?exp=1&sig=old', fileName: 'k.txt' }], (k) => `signed:${k}`),
      [{ src: 'signed:c1/file/k.txt', fileName: 'k.txt' }],
    );
  });

  it('appointees: the named users and the members of the departments, each once', () => {
    const staff = [
      { _id: 'u1', department: 'Sales' },
      { _id: 'u2', department: 'Sales' },
      { _id: 'u3', department: 'Support' },
      { _id: 'u4', department: null },
    ];
    assert.deepEqual([...appointees({ users: ['u1', 'u4'], departments: ['Sales'] }, staff)].sort(), ['u1', 'u2', 'u4']);
    assert.deepEqual([...appointees({ users: [], departments: [] }, staff)], []);
  });
});
