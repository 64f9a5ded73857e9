import { describe, expect, it } from '@jest/globals';
import { canFinish, canListFor, canPassProbation, canView, canViewAs, isHr, rolesIn } from './access.ts';

const a = { userId: 'new', mentorId: 'men', hrId: 'hr', chiefId: 'chief' };
const who = (userId: string, roles: string[] = ['employee']) => ({ userId, roles });

describe('adaptation can-rules', () => {
  it('HR: the adaptation right or an admin', () => {
    expect(isHr(who('x', ['employee', 'adaptation']))).toBe(true);
    expect(isHr(who('x', ['admin']))).toBe(true);
    expect(isHr(who('x'))).toBe(false);
  });
  it('contextual roles see their adaptation and finish their scenario’s steps', () => {
    expect(rolesIn(a, 'men')).toEqual(['mentor']);
    expect(canView(a, who('chief'))).toBe(true);
    expect(canView(a, who('other'))).toBe(false);
    expect(canViewAs(a, 'mentor', who('new'))).toBe(false);
    expect(canViewAs(a, 'mentor', who('men'))).toBe(true);
    expect(canFinish(a, 'newcomer', who('new'))).toBe(true);
    expect(canFinish(a, 'newcomer', who('men'))).toBe(false);
    expect(canFinish(a, 'mentor', who('x', ['adaptation']))).toBe(true);
  });
  it('probation: HR and the chief; lists: oneself or HR', () => {
    expect(canPassProbation(a, who('chief'))).toBe(true);
    expect(canPassProbation(a, who('men'))).toBe(false);
    expect(canListFor('new', who('new'))).toBe(true);
    expect(canListFor('new', who('men'))).toBe(false);
    expect(canListFor('new', who('h', ['adaptation']))).toBe(true);
  });
});
