import { useEffect, useState } from 'react';
import type { Attempt } from '@intranet/lms-contract';
import { errorText } from '@intranet/web-i18n';
import { Button } from '@intranet/web-ui';
import { answerTest } from './api/test-answer.ts';
import { lmsText } from './locales.ts';

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A running attempt (§4 Test): questions in the server's order, a timer from the server's deadline (a reload resumes
 * the same attempt, so the timer survives it), each answer sent at once; the result screen shows the score and the
 * right answers only when the server sends them. Test ids: lms-timer, lms-q-<i>, lms-finish, lms-score.
 */
export function TestRunner({ attempt: initial, onDone }: { attempt: Attempt; onDone: () => void }) {
  const { t } = lmsText.useT();
  const [a, setA] = useState(initial);
  // The choices shown at once (a radio answers the click); the server's answer replaces them, a refusal restores them.
  const [picked, setPicked] = useState(initial.answers);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!a.deadline || a.finished) return;
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, [a.deadline, a.finished]);
  const send = async (body: { question_id?: string; answers?: string[]; finish?: boolean }) => {
    setError(null);
    try {
      const next = await answerTest(a.test_id, body);
      setA(next);
      setPicked(next.answers);
      if (next.finished) onDone();
    } catch (e) {
      setPicked(a.answers);
      setError(errorText(e));
      onDone();
    }
  };
  const choose = (qid: string, kind: 'single' | 'multiple', id: string, on: boolean) => {
    const cur = picked[qid] ?? [];
    const next = kind === 'single' ? [id] : on ? [...cur, id] : cur.filter((x) => x !== id);
    setPicked({ ...picked, [qid]: next });
    void send({ question_id: qid, answers: next });
  };
  return (
    <div className="lms-test" data-testid="lms-test">
      {a.deadline && !a.finished && <p data-testid="lms-timer">{t('timeLeft', { time: mmss(Date.parse(a.deadline) - now) })}</p>}
      <p>{t('answered', { answered: a.answered, total: a.total })}</p>
      {a.questions.map((q, i) => (
        <fieldset key={q._id} data-testid={`lms-q-${i}`} disabled={a.finished}>
          <legend>{q.text}</legend>
          {q.answers.map((ans) => (
            <label key={ans._id}>
              <input
                type={q.kind === 'single' ? 'radio' : 'checkbox'}
                name={q._id}
                checked={(picked[q._id] ?? []).includes(ans._id)}
                onChange={(e) => choose(q._id, q.kind, ans._id, e.target.checked)}
              />{' '}
              {ans.text}
              {ans.right === true && <strong> ✓ {t('right')}</strong>}
            </label>
          ))}
        </fieldset>
      ))}
      {error && <p role="alert">{error}</p>}
      {a.finished ? (
        <p data-testid="lms-score">{a.score === null ? t('finished') : t('score', { score: a.score })}</p>
      ) : (
        <Button onClick={() => void send({ finish: true })} data-testid="lms-finish">
          {t('finishTest')}
        </Button>
      )}
    </div>
  );
}
