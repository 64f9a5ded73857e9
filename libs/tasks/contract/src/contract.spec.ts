import { describe, expect, it } from '@jest/globals';
import { tasksRoutes, TASKS_NAME_MAX } from './index.ts';

describe('tasks contract', () => {
  it('refuses an empty or too long name with the §5 texts', () => {
    const body = tasksRoutes.create.body;
    expect(body.safeParse({ name: '  ' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(TASKS_NAME_MAX + 1) }).success).toBe(false);
    expect(body.parse({ name: ' Ok ' })).toEqual({ name: 'Ok' });
  });

  it('routes live under /api/tasks with subjects of the domain', () => {
    for (const r of Object.values(tasksRoutes)) {
      expect(r.path.startsWith('/api/tasks')).toBe(true);
      expect(r.subject.startsWith('tasks.')).toBe(true);
    }
  });
});
