import { describe, expect, it } from '@jest/globals';
import { codeOf } from '@intranet/platform-errors';
import { zodFieldErrors } from '@intranet/platform-contracts';
import { POLL_CODES, POLL_ERRORS, POLL_TEXT, pollIssues, pollsRoutes } from './index.ts';

const q = (over: Record<string, unknown> = {}) => ({ text: 'How?', mandatory: true, kind: 'short', ...over });

describe('polls contract', () => {
  it('refuses a poll without a title or questions with the §5 texts', () => {
    const r = pollsRoutes.pollCreate.body.safeParse({ name: ' ', type: 'opened', questions: [] });
    expect(r.success).toBe(false);
    const texts = r.error!.issues.map((i) => i.message);
    expect(texts).toContain(POLL_TEXT.titleRequired);
    expect(texts).toContain(POLL_TEXT.questionsRequired);
  });

  it('lists every §5 problem of the questions and recipients', () => {
    const issues = pollIssues({
      name: 'P',
      type: 'closed',
      questions: [
        { text: ' ', mandatory: false, kind: 'single', answers: [] },
        { text: 'x', mandatory: false, kind: 'multiple', answers: Array.from({ length: 16 }, (_, i) => ({ text: i ? `a${i}` : ' ' })) },
      ],
      recipients: [],
    });
    const by = issues.map((i) => `${i.field}:${i.message}`);
    expect(by).toContain(`questions:${POLL_TEXT.mandatoryRequired}`);
    expect(by).toContain(`questions.0.text:${POLL_TEXT.questionEmpty}`);
    expect(by).toContain(`questions.0.answers:${POLL_TEXT.answersRequired}`);
    expect(by).toContain(`questions.1.answers:${POLL_TEXT.answersMax}`);
    expect(by).toContain(`questions.1.answers.0.text:${POLL_TEXT.answerEmpty}`);
    expect(by).toContain(`recipients:${POLL_TEXT.recipientsRequired}`);
    expect(pollIssues({ name: 'P', type: 'opened', questions: [q()] as never })).toEqual([]);
  });

  it('routes are the §7 Polls paths with subjects of the domain', () => {
    const paths = Object.values(pollsRoutes).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/user/{clientId}/polls/access_for/{userId}',
        'GET /api/poll/{id}',
        'POST /api/poll',
        'PUT /api/poll/{_id}',
        'PUT /api/poll/{_id}/finish',
        'GET /api/poll/{id}/results',
        'DELETE /api/poll/{id}',
        'GET /api/poll/{poll_id}/excel',
        'POST /api/poll/{_id}/answer',
        'POST /api/poll/{_id}/remind',
      ]),
    );
    for (const r of Object.values(pollsRoutes)) expect(r.subject.startsWith('polls.')).toBe(true);
  });
});

describe('poll texts', () => {
  it('every §5/§8 poll text has its stable code', () => {
    for (const [k, text] of Object.entries(POLL_TEXT)) expect([k, codeOf(text)?.code]).toEqual([k, POLL_CODES[k as keyof typeof POLL_CODES]]);
    expect(codeOf('Max 15 answers')).toEqual({ code: POLL_CODES.answersMax, params: { max: 15 } });
  });

  it('the codes are the contract’s own: POLL_ERRORS registers them for polls, and POST api/poll carries them on its issues', () => {
    for (const code of Object.values(POLL_CODES)) expect(POLL_ERRORS[code].owner).toBe('polls');
    const r = pollsRoutes.pollCreate.body.safeParse({ name: 'P', type: 'closed', questions: [{ text: 'Q', mandatory: false, kind: 'single', answers: [] }] });
    const byField = Object.fromEntries(zodFieldErrors(r.error!).map((e) => [e.field, e.code]));
    expect(byField).toEqual({
      questions: POLL_CODES.mandatoryRequired,
      'questions.0.answers': POLL_CODES.answersRequired,
      recipients: POLL_CODES.recipientsRequired,
    });
    // Tagged on the issue itself, not found again by its English text.
    expect(r.error!.issues.every((i) => i.code === 'custom' && typeof i.params?.['code'] === 'string')).toBe(true);
  });
});
